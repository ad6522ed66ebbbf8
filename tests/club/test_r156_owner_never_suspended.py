"""Review 156: an owner suspended from the tables (a suspension given while he was a manager, before
review 149 refused to hand a club to a suspended manager) kept his powers, the README said, since
nobody may lift an owner's suspension. The club page offered him "Open a table", which refused him as
suspended, the tables refused to seat him or to let him cancel or move one, while the admin let him
ban and grant: a club whose owner could run it in one place and not in another, until a date nobody
could bring nearer. A real club's owner is not suspended by the people he appoints: the clock lifts
an owner's suspension as soon as it finds one (saying why in the club's log), and he manages and
plays like any owner."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club.models import AuditLog, Membership
from club.services import memberships_due, memberships_expire
from games.services import table_session_create

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def suspended_owner(club, owner, manager):
    """Misha, suspended as a manager, then handed the club (as could happen before review 149)."""
    Membership.objects.filter(pk=m(club, owner).pk).update(role=Membership.Role.MANAGER)
    Membership.objects.filter(pk=m(club, manager).pk).update(
        role=Membership.Role.OWNER, suspended_until=timezone.now() + timedelta(days=30), suspend_reason="tilt"
    )
    return manager


def _values() -> dict:
    return {
        "title": "Evening",
        "preset": "classic",
        "stake": 5,
        "seat_count": 4,
        "buy_in_min": 100,
        "buy_in_max": 500,
        "turn_seconds": 30,
    }


def test_the_clock_lifts_an_owners_suspension_at_once(club, suspended_owner) -> None:
    assert memberships_due(timezone.now()).filter(user=suspended_owner).exists()
    assert memberships_expire() == 1
    row = m(club, suspended_owner)
    assert not row.is_suspended and row.suspended_until is None and row.suspend_reason == ""
    said = AuditLog.objects.get(action="membership.suspension_ended", target_user=suspended_owner)
    assert said.details_text  # why it ended before its time
    # And then he opens a table, as the club page offers him, and the table's page lets him in.
    table = table_session_create(club=club, actor=suspended_owner, **_values())
    page = client_for(suspended_owner).get(f"/tables/{table.pk}/")
    assert page.status_code == 200
    club_page = client_for(suspended_owner).get(club.get_absolute_url()).content.decode()
    assert 'id="suspended-notice"' not in club_page


def test_a_managers_suspension_still_runs_to_its_end(club, owner, manager) -> None:
    from club import services

    services.membership_suspend(
        membership=m(club, manager), actor=owner, reason="tilt", until=timezone.now() + timedelta(days=2)
    )
    assert memberships_expire() == 0
    assert m(club, manager).is_suspended


def test_in_the_log_in_russian(club, suspended_owner) -> None:
    from django.utils import translation

    memberships_expire()
    said = AuditLog.objects.get(action="membership.suspension_ended", target_user=suspended_owner)
    with translation.override("ru"):
        assert "владел" in said.details_text
