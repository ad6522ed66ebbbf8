"""What one move costs the database, pinned so it cannot grow back (issue 12: the live table's cost
per move). A deal of four people is played through ``table_act``; every move is counted, by what it
did: a move that books no chips, one that books some, and the one that ends the deal. The table's
update read after each (``table_messages``) is counted too.

Savepoints are not counted: ``table_act`` runs inside the test's transaction here, where its
``atomic`` makes a savepoint (two statements) that a server's outermost transaction does not.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games.broadcast import table_messages
from games.engine import observe
from games.engine.bots import BasicBot
from games.models import DealAction
from games.selectors import _LOGS
from games.services import dealing, table_act

from .conftest import IS_SQLITE, sit_all, start_deal

#: The most statements each kind of move may make, by database (the ledger writes a journal in three
#: statements on PostgreSQL, five through the ORM elsewhere). A plain move: the table lock, the
#: running deal, its seats, the action and the deal's row (one statement on PostgreSQL). Booking
#: chips adds the table's accounts and the journal (a player's first stake at a table opens his hold:
#: one more read and write). The end of a deal adds its players' rows (one statement), the table's
#: next deal and the away seats.
MOST = {
    "postgresql": {"plain": 4, "chips": 10, "end": 12},
    "sqlite": {"plain": 5, "chips": 13, "end": 14},
}
#: A table update: the table and its deal, its seats, the deal's actions since the last update this
#: process read, and one statement for presence, balances and the seed contributions (issue 12: they
#: were three).
UPDATE_MOST = 4


def _counted(captured: CaptureQueriesContext) -> int:
    return sum(1 for q in captured.captured_queries if "SAVEPOINT" not in q["sql"])


def _holds_opened(captured: CaptureQueriesContext) -> int:
    return sum(1 for q in captured.captured_queries if q["sql"].startswith('INSERT INTO "ledger_account"'))


def _play(deal: Any, by_seat: dict[int, Any]) -> tuple[dict[str, list[int]], list[int]]:
    """Each move's statements, less the read and write of every hold it opened past the first: a
    first-deal move that books chips for every player (a helicopter's bids) opens all their holds
    at once, a cost of the table's first deal, not of a move."""
    moves: dict[str, list[int]] = {"plain": [], "chips": [], "end": []}
    updates: list[int] = []
    while not deal.is_over:
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        action = BasicBot(seed=deal.seq).choose(observe(state, seat))
        with CaptureQueriesContext(connection) as captured:
            table_act(session_id=deal.session_id, user=by_seat[seat], action=action, expected_seq=deal.seq)
        deal.refresh_from_db()
        events = DealAction.objects.get(deal=deal, seq=deal.seq).events
        chips = any(e["type"] == "ChipsMoved" for e in events)
        kind = "end" if deal.is_over else "chips" if chips else "plain"
        moves[kind].append(_counted(captured) - 2 * max(0, _holds_opened(captured) - 1))
        with CaptureQueriesContext(connection) as captured:
            table_messages(deal.session_id)
        updates.append(_counted(captured))
    return moves, updates


def _players(deal: Any) -> dict[int, Any]:
    return {i: s.member.user for i, s in enumerate(dealing.deal_players(deal))}


@pytest.mark.django_db
def test_a_move_and_its_update_make_few_queries(make_table, players):
    table = make_table()
    sit_all(table, players)
    most = MOST["sqlite" if IS_SQLITE else "postgresql"]
    for _ in range(2):  # the second deal: every hold is open already
        table.refresh_from_db()
        deal = start_deal(table)
        moves, updates = _play(deal, _players(deal))
        assert moves["end"], "the deal did not end"
        for kind, counts in moves.items():
            assert all(n <= most[kind] for n in counts), (kind, counts)
        assert max(updates) <= UPDATE_MOST, updates
    # No query per player beyond the deal's seats: a plain move is the same at any table size.
    assert moves["plain"] and set(moves["plain"]) == {most["plain"]}, moves["plain"]


@pytest.mark.django_db(transaction=True)
def test_the_update_after_a_committed_move_reads_no_actions(make_table, players):
    """The move's action joins this process's remembered log on commit: the update sent after it
    reads the table, its seats, and presence, balances and contributions (one statement), not the
    deal's actions."""
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    table_messages(table.pk)  # remembers the deal's log, as the update after the deal's start does
    by_seat = _players(deal)
    for _ in range(3):
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        action = BasicBot(seed=deal.seq).choose(observe(state, seat))
        table_act(session_id=table.pk, user=by_seat[seat], action=action, expected_seq=deal.seq)
        deal.refresh_from_db()
        if deal.is_over:
            break
        with CaptureQueriesContext(connection) as captured:
            messages = table_messages(table.pk)
        assert not any("games_dealaction" in q["sql"] for q in captured.captured_queries)
        assert len(captured.captured_queries) <= UPDATE_MOST - 1
        # The remembered log is the one the database gives.
        _LOGS.clear()
        again = table_messages(table.pk)
        assert [m["public"]["deal"]["log"] for _g, m in messages] == [
            m["public"]["deal"]["log"] for _g, m in again
        ]


@pytest.mark.django_db(transaction=True)
def test_a_committed_move_s_state_is_not_decoded_again(make_table, players, monkeypatch):
    """The state a move made is remembered on commit: neither the update after it nor the next move
    decodes the snapshot, and what they use is the state the snapshot holds."""
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    by_seat = _players(deal)
    decoded: list[int] = []
    real = dealing.state_load
    monkeypatch.setattr(dealing, "state_load", lambda *a, **k: decoded.append(1) or real(*a, **k))
    for _ in range(4):
        deal.refresh_from_db()
        if deal.is_over:
            break
        state = dealing.deal_state(deal)
        assert state == real(deal.state, rules=table.rules, snapshot_format=deal.snapshot_format)
        seat = state.queue[0]
        action = BasicBot(seed=deal.seq).choose(observe(state, seat))
        decoded.clear()
        table_act(session_id=table.pk, user=by_seat[seat], action=action, expected_seq=deal.seq)
        table_messages(table.pk)
        assert decoded == []


@pytest.mark.django_db(transaction=True)
def test_a_move_rolled_back_is_not_remembered(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    table_messages(table.pk)
    state = dealing.deal_state(deal)
    seat = state.queue[0]
    action = BasicBot(seed=deal.seq).choose(observe(state, seat))

    class _Undo(Exception):
        pass

    with pytest.raises(_Undo), transaction.atomic():
        table_act(session_id=table.pk, user=_players(deal)[seat], action=action, expected_seq=deal.seq)
        raise _Undo
    log = table_messages(table.pk)[0][1]["public"]["deal"]["log"]
    assert all(entry["seq"] == 0 for entry in log)
    deal.refresh_from_db()
    assert deal.seq == 0 and dealing.deal_state(deal) == state


@pytest.mark.django_db
def test_a_move_is_stored_as_the_orm_would_store_it(make_table, players):
    """The action row and the deal's row after a move (written in one statement on PostgreSQL)."""
    from games.services.snapshots import state_dump

    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    state = dealing.deal_state(deal)
    seat = state.queue[0]
    action = BasicBot(seed=deal.seq).choose(observe(state, seat))
    result = table_act(session_id=table.pk, user=_players(deal)[seat], action=action, expected_seq=0)
    assert not result.over
    row = DealAction.objects.get(deal=deal, seq=1)
    assert (row.seat, row.actor, row.action) == (seat, "person", result.action.to_json())
    assert row.events and all(isinstance(event, dict) for event in row.events)
    deal.refresh_from_db()
    assert deal.seq == 1 and deal.deadline is not None and deal.deadline > row.created_at
    from games.engine import apply

    after, events = apply(state, seat, result.action)
    assert deal.state == state_dump(after)
    assert row.events == [event.to_json() for event in events]
