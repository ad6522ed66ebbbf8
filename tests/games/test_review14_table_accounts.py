"""Review of the move-cost change: a move that books chips reads its players' accounts and the
table's bank, not every account the table ever had."""

from __future__ import annotations

import pytest

from .conftest import sit_all, start_deal
from .test_review14_move_caches import _move, _players


@pytest.mark.django_db
def test_a_move_reads_the_accounts_of_its_players_not_of_everyone_who_ever_sat(
    make_table, players, make_user, club, monkeypatch
):
    """A table with no end keeps the stack and hold of every member who ever sat at it: a move that
    books chips reads its own players' accounts and the bank, not a list that grows with the table."""
    from club import services as club_services
    from club.models import Membership
    from games.services import booking
    from ledger.services.posting import account_hold, account_stack

    table = make_table()
    for n in range(30):  # thirty members sat here once: their (empty) accounts stay
        user = make_user(f"past{n}")
        membership = club_services.membership_join(club=club, user=user) or Membership.objects.get(
            club=club, user=user
        )
        account_stack(membership=membership, table_id=table.pk)
        account_hold(membership=membership, table_id=table.pk)
    sit_all(table, players)
    read: list[int] = []
    real = booking._TABLE_ACCOUNTS.__call__

    class Spy:
        def __call__(self, *args, **kwargs):
            rows = real(*args, **kwargs)
            read.append(len(rows))
            return rows

    monkeypatch.setattr(booking, "_TABLE_ACCOUNTS", Spy())
    deal = start_deal(table)
    by_seat = _players(deal)
    for _ in range(40):
        deal.refresh_from_db()
        if deal.is_over:
            break
        _move(deal, by_seat)
    assert read, "no move booked chips"
    assert max(read) <= 2 * len(players) + 1, read
