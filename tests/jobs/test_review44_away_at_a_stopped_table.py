"""A player who closed his browser at a table of two (review 44): his turns timed out, he was marked
away and the deal ended; an away player sits new deals out, so the table could deal no more, and
"stood up after two deals away" never came. He kept his seat and his chips at the table for good
while the other player, still there, waited for a game nobody could join. An away player at a table
that deals no more is stood up, his chips home, once he has shown no sign of life for ten minutes,
as a table nobody attends is emptied; one with the table open, or back, keeps his seat."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from club.models import AuditLog, Membership
from games.jobs_inactivity import tables_idle_sweep
from games.models import Deal, Presence, Seat, TableSession
from games.services import table_back, tables_tick
from ledger.models import Account
from ledger.services import account_wallet, ledger_verify

from .conftest import sit_all, start_deal
from .test_inactivity import _finish


def _wallet(table: TableSession, user) -> int:
    account = account_wallet(membership=Membership.objects.get(club=table.club, user=user))
    return Account.objects.get(pk=account.pk).balance


def _stack(table: TableSession, user) -> int:
    account = Account.objects.filter(kind=Account.Kind.STACK, table=table, member__user=user).first()
    return account.balance if account else 0


def _seat(table: TableSession, user) -> Seat:
    return Seat.objects.filter(session=table, member__user=user).order_by("-pk").first()


@pytest.mark.parametrize("his_page", ["closed", "open"])
def test_an_away_player_at_a_table_that_deals_no_more_goes_home(make_table, players, his_page):
    vera, gleb = players[:2]
    table = make_table(seats=2)
    sit_all(table, [vera, gleb])
    deal = start_deal(table)
    start = timezone.now()
    Presence.objects.create(session=table, user=gleb, connections=0, last_seen_at=start)  # closed it
    _finish(deal, start)  # every move a timeout: both are marked away
    deal.refresh_from_db()
    ended = deal.finished_at
    table_back(session_id=table.pk, user=vera)  # she is back, and waits for a game
    assert _seat(table, gleb).status == Seat.Status.AWAY
    tables_tick(ended + timedelta(minutes=1))
    assert not Deal.objects.filter(session=table, finished_at__isnull=True).exists(), "no deal: he is away"
    if his_page == "open":
        Presence.objects.filter(session=table, user=gleb).update(connections=1)

    def sweep(minutes: int) -> None:
        when = ended + timedelta(minutes=minutes)
        Presence.objects.update_or_create(
            session=table, user=vera, defaults={"connections": 1, "last_seen_at": when}
        )
        if his_page == "open":
            Presence.objects.filter(session=table, user=gleb).update(last_seen_at=when)
        tables_idle_sweep(when)

    wallet, stack = _wallet(table, gleb), _stack(table, gleb)
    assert stack > 0
    sweep(5)
    assert _seat(table, gleb).status == Seat.Status.AWAY, "not ten minutes yet"
    sweep(11)
    sweep(12)  # a second run changes nothing more
    assert _seat(table, vera).status == Seat.Status.SITTING
    if his_page == "open":
        assert _seat(table, gleb).status == Seat.Status.AWAY, "his page is open: he keeps his seat"
        assert _stack(table, gleb) == stack
        return
    assert _seat(table, gleb).status == Seat.Status.LEFT
    assert _stack(table, gleb) == 0
    assert _wallet(table, gleb) == wallet + stack, "his chips went home, all of them, once"
    assert not ledger_verify()[0]
    # Managers read why, in their words: the clock stood him up, not he himself.
    row = AuditLog.objects.get(action="table.stood_up", target_user=gleb)
    assert row.actor is None and row.data["table"] == table.pk
    with translation.override("ru"):
        assert "10 минут" in row.details_text
