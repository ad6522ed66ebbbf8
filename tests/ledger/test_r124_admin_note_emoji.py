"""Review 124: the admin's note on approving or refusing waiting grants refused an emoji built with a
zero-width joiner ("🤦‍♂️") as an invisible character; it is kept now, and a joiner between letters
is still refused."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from ledger.models import Adjustment
from ledger.services.adjustments import chips_adjust

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def waiting(club, owner, member_factory) -> Adjustment:
    club.four_eyes_above = 100
    club.save(update_fields=["four_eyes_above"])
    adjusted = chips_adjust(
        member=member_factory(), kind="grant", amount=6000, actor=owner, reason="cup", idempotency_key="r124"
    )
    return Adjustment.objects.get(pk=adjusted.adjustment.pk)


def _refuse(user, adjustment: Adjustment, note: str) -> list[str]:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(
        "/admin/ledger/adjustment/",
        {"action": "refuse_selected", "_selected_action": [adjustment.pk], "index": 0, "note": note},
    )
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_a_refusal_keeps_a_joined_emoji_in_its_note(waiting, member_factory):
    second = member_factory(role="manager")
    said = _refuse(second.user, waiting, "too much 🤦\u200d♂️")
    waiting.refresh_from_db()
    assert waiting.status == Adjustment.Status.REFUSED, said
    assert waiting.note == "too much 🤦\u200d♂️"


def test_a_joiner_between_letters_is_still_refused(waiting, member_factory):
    second = member_factory(role="manager")
    said = _refuse(second.user, waiting, "too\u200dmuch")
    assert any("invisible characters" in s for s in said), said
    waiting.refresh_from_db()
    assert waiting.status == Adjustment.Status.PENDING
