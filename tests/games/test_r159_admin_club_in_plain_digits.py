"""Review 159: the admin's "Add table session" read its club's id with ``int()``, which also reads
other scripts' digits, a sign and underscores ("١", "+1", "0_1"): a table was scheduled in the club
those spell. The club's id is read as the digits 0–9 only, as the site's other ids are; any other
spelling is no choice."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import TableSession

from .conftest import TABLE_FORM

pytestmark = pytest.mark.django_db

ADD = "/admin/games/tablesession/add/"
ARABIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _evening() -> str:
    when = (timezone.localtime() + timedelta(days=3)).replace(hour=20, minute=0, second=0, microsecond=0)
    return when.strftime("%Y-%m-%dT%H:%M")


def _spellings(pk: int) -> list[str]:
    plain = str(pk)
    return [plain.translate(ARABIC), plain.translate(FULLWIDTH), f"+{plain}", f"0_{plain}"]


@pytest.mark.parametrize("spelling", range(4))
def test_a_club_id_in_other_digits_schedules_nothing(club, owner, spelling):
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    odd = _spellings(club.pk)[spelling]
    sent = client.post(ADD, {**TABLE_FORM, "overrides": "", "club": odd, "starts_at": _evening()})
    assert sent.status_code == 200, odd
    assert not TableSession.objects.filter(club=club).exists(), odd
    assert "club" in sent.context["adminform"].form.errors


def test_the_plain_id_still_schedules(club, owner):
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    sent = client.post(ADD, {**TABLE_FORM, "overrides": "", "club": str(club.pk), "starts_at": _evening()})
    assert sent.status_code == 302
    assert TableSession.objects.filter(club=club).count() == 1
