""""Away" and "I'm back" are not limited in number and wait for no turn; each was sent to the table's
sockets at once and alone, so a script toggling them (by plain form: no socket's message budget)
made every watcher's socket render the table again for each toggle. They are now sent as presence
changes are (``PRESENCE_DELAY``): inside a server the first at once and the rest of a burst within
the moment as one update (``games.broadcast._Pusher.request``); a move is still sent alone at once."""

from __future__ import annotations

import pytest

from games import broadcast
from games.services import table_away, table_back, table_leave

from .conftest import sit_all

# Committed for real: under a test's transaction every update of a table joins the first one, still
# unsent, so none could be told apart.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def pushed(monkeypatch) -> list[tuple[int, float]]:
    sent: list[tuple[int, float]] = []
    monkeypatch.setattr(
        broadcast, "table_push_soon", lambda session_id, *, delay=0.0: sent.append((session_id, delay))
    )
    return sent


def test_away_and_back_are_sent_to_join_a_burst(make_table, players, pushed):
    table = make_table()
    sit_all(table, players[:1])
    pushed.clear()
    for _ in range(3):
        table_away(session_id=table.pk, user=players[0])
        table_back(session_id=table.pk, user=players[0])
    assert len(pushed) == 6
    assert all(session_id == table.pk and delay > 0 for session_id, delay in pushed), pushed


def test_a_leave_is_still_sent_at_once(make_table, players, pushed):
    table = make_table()
    sit_all(table, players[:1])
    pushed.clear()
    table_leave(session_id=table.pk, user=players[0])
    assert pushed == [(table.pk, 0.0)]
