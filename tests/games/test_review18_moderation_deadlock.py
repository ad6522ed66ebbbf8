"""Moderation racing a live table, with real connections against PostgreSQL (review 18).

A ban, a suspension or a member leaving the club locked his membership row FOR UPDATE, and a ban
(through ``select_related``) the club's and the person's rows too, then went to lock each table he
sits at. A table meanwhile dealing (its lock held) writes rows that point at those rows: every
journal names the club, every dealt player's row his membership, and PostgreSQL checks such a
reference with a lock of its own (FOR KEY SHARE) that FOR UPDATE refuses. Each waited for the other:
PostgreSQL broke the deadlock by failing the ban (a server error for the manager, nothing banned).
A report answered with a ban locked the reported table's row (and the club's) first, so the
member sitting down there at that moment deadlocked with it the other way round.

The two sides are held at the moment the race needs (the orders the database saw are the ones real
connections meet by chance); each must end, and end right.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.models import Report, Seat, TableSession
from games.services import acting, dealing, members, reports, seating, table_leave
from games.services.reports import report_create, report_resolve
from tests.apart import run_apart

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

#: Long enough for the other side to reach its lock; the deadlock itself is found after 1 s.
HOLD = 0.4


def _both(first: Callable[[], object], second: Callable[[], object]) -> list[object]:
    results = run_apart(first=first, second=second)
    return [results.get("first"), results.get("second")]


def _gone(how: str, membership: Membership, owner) -> Callable[[], object]:
    if how == "leave":
        return lambda: club_services.membership_leave(club=membership.club, user=membership.user)
    if how == "suspend":
        until = timezone.now() + timedelta(days=1)
        return lambda: club_services.membership_suspend(
            membership=membership, actor=owner, reason="race", until=until
        )
    return lambda: club_services.membership_ban(membership=membership, actor=owner, reason="race")


@pytest.mark.parametrize("how", ["ban", "suspend", "leave"])
def test_a_member_gone_while_his_table_deals_is_gone_and_the_deal_dealt(
    make_table, players, owner, club, monkeypatch, how
):
    table = make_table()
    sit_all(table, players)
    TableSession.objects.filter(pk=table.pk).update(next_deal_at=timezone.now(), started_at=timezone.now())
    gone_waits = threading.Event()
    real_lock, real_book = members.session_lock, dealing.booking.deal_book

    def lock(session_id: int):
        gone_waits.set()  # his row is locked; now the table's
        return real_lock(session_id)

    def book(**kwargs):
        gone_waits.wait(5)  # the table's lock is held; the deal books its antes once he is locked
        time.sleep(HOLD)
        return real_book(**kwargs)

    monkeypatch.setattr(members, "session_lock", lock)
    monkeypatch.setattr(dealing.booking, "deal_book", book)
    membership = Membership.objects.select_related("club", "user").get(club=club, user=players[0])

    def gone() -> object:
        time.sleep(0.1)  # the deal takes the table's lock first
        return _gone(how, membership, owner)()

    dealt, moderated = _both(lambda: acting.session_deal_if_due(session_id=table.pk), gone)
    assert not isinstance(dealt, Exception), dealt
    assert not isinstance(moderated, Exception), moderated
    membership.refresh_from_db()
    if how == "suspend":
        assert membership.is_suspended
    else:
        assert membership.status == (Membership.Status.BANNED if how == "ban" else Membership.Status.LEFT)
    seat = Seat.objects.get(session=table, member=membership)
    # Dealt in before he went: his seat is played by default moves and stands up after the deal.
    assert seat.status == Seat.Status.LEFT or (seat.removed and seat.leave_after_deal)
    call_command("ledger_check")


def test_a_report_answered_with_a_ban_while_the_member_sits_down_at_that_table(
    make_table, players, owner, club, monkeypatch
):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    TableSession.objects.filter(pk=table.pk).update(next_deal_at=None)
    table_leave(session_id=table.pk, user=players[0])
    report = report_create(deal_id=deal.pk, user=players[1], reason=Report.Reason.CHEATING)
    membership = Membership.objects.get(club=club, user=players[0])
    resolving, sitting = threading.Event(), threading.Event()
    real_ban, real_lock = reports.membership_ban, seating.session_lock

    def ban(**kwargs):
        resolving.set()  # the report is locked
        sitting.wait(5)  # and the member's row by his sit
        time.sleep(HOLD)
        return real_ban(**kwargs)

    def lock(session_id: int):
        sitting.set()
        resolving.wait(5)
        return real_lock(session_id)

    monkeypatch.setattr(reports, "membership_ban", ban)
    monkeypatch.setattr(seating, "session_lock", lock)
    resolved, sat = _both(
        lambda: report_resolve(
            report_id=report.pk, actor=owner, note="seen", outcome=Report.Outcome.BAN, member=membership
        ),
        lambda: (
            time.sleep(0.1),
            seating.table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200),
        )[1],
    )
    assert not isinstance(resolved, Exception), resolved
    assert not isinstance(sat, Exception), sat
    membership.refresh_from_db()
    assert membership.status == Membership.Status.BANNED
    # He sat down before the ban reached the table: it stood him up, his chips back in his wallet.
    assert not Seat.objects.filter(session=table, member=membership).exclude(status=Seat.Status.LEFT).exists()
    report.refresh_from_db()
    assert report.status == Report.Status.RESOLVED
    call_command("ledger_check")
