"""Review 127: the site's operator (a superuser) answers for every club with the owner's powers at
its tables (review 65: he cancels, skips a week, moves a start). The admin's "Add table session"
offers him every club, and each table he scheduled there was refused with "Only the club's managers
can open tables." unless he held a manager's membership of that club. He now opens it as its owner
would, and the log names him; a stranger to the club is still refused."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club.models import AuditLog
from games.models import TableSession
from games.services import TableError, table_session_create

from .conftest import TABLE_FORM

pytestmark = pytest.mark.django_db

ADD = "/admin/games/tablesession/add/"


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def operator(make_user):
    return make_user("operator127", is_staff=True, is_superuser=True)


def _evening() -> str:
    when = (timezone.localtime() + timedelta(days=3)).replace(hour=20, minute=0, second=0, microsecond=0)
    return when.strftime("%Y-%m-%dT%H:%M")


def test_the_operator_schedules_a_table_in_the_admin(club, operator):
    client = Client()
    client.force_login(operator, backend="django.contrib.auth.backends.ModelBackend")
    assert f'value="{club.pk}"' in client.get(ADD).content.decode()  # offered
    sent = client.post(ADD, {**TABLE_FORM, "overrides": "", "club": club.pk, "starts_at": _evening()})
    assert sent.status_code == 302, sent.content.decode()[:3000]
    table = TableSession.objects.get(club=club, title="Friday")
    assert table.created_by == operator
    assert table.status == TableSession.Status.SCHEDULED
    assert AuditLog.objects.filter(club=club, action="table.opened", actor=operator).exists()


def test_a_stranger_and_a_switched_off_operator_are_still_refused(club, make_user, operator):
    values = {
        "title": "T",
        "preset": "classic",
        "stake": 5,
        "seat_count": 4,
        "buy_in_min": 100,
        "buy_in_max": 500,
    }
    stranger = make_user("stranger127")
    with pytest.raises(TableError) as refused:
        table_session_create(club=club, actor=stranger, **values)
    assert refused.value.code == "not_manager"
    operator.is_active = False
    operator.save(update_fields=["is_active"])
    with pytest.raises(TableError):
        table_session_create(club=club, actor=operator, **values)
    assert not TableSession.objects.filter(club=club).exists()
