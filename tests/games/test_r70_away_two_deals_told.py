"""Review 70: a player away for two deals in a row is stood up after the second, chips home; nothing
said so. His "I'm back" from the page he left open answered in red "You are not sitting at this
table." (he had sat there a minute ago), and the club's log, which names every other stand-up (his
own, a manager's, the inactivity sweep's), had no line for it."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from club.models import AuditLog, _audit_value
from games.engine import observe
from games.engine.bots import BasicBot
from games.models import Deal, Seat
from games.services import TableError, dealing, table_act, table_away, table_back, tables_tick
from ledger.services import ledger_verify

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def _finish(deal: Deal) -> None:
    for _ in range(300):
        deal.refresh_from_db()
        if deal.is_over:
            return
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        holder = dealing.deal_players(deal)[seat]
        if holder.status == Seat.Status.AWAY:
            tables_tick(timezone.now())
            continue
        action = BasicBot(seed=deal.seq).choose(observe(state, seat))
        table_act(session_id=deal.session_id, user=holder.member.user, action=action, expected_seq=deal.seq)
    raise AssertionError("the deal did not end")


@pytest.fixture
def stood_up(make_table, players):
    table = make_table()
    sit_all(table, players)
    ivan = players[3]
    _finish(start_deal(table))
    table_away(session_id=table.pk, user=ivan)
    for _ in range(2):
        _finish(start_deal(table))
    seat = Seat.objects.filter(session=table, member__user=ivan).get()
    assert seat.status == Seat.Status.LEFT
    assert ledger_verify()[0] == []
    return table, ivan


def test_im_back_after_the_two_deals_says_what_happened(stood_up):
    table, ivan = stood_up
    with pytest.raises(TableError) as refused:
        table_back(session_id=table.pk, user=ivan)
    assert refused.value.code == "not_seated"
    assert refused.value.message == (
        "You were stood up after two deals away; your chips are back in your wallet."
    )
    client = Client()
    client.force_login(ivan)
    response = client.post(f"/tables/{table.pk}/back/")
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert "You were stood up after two deals away; your chips are back in your wallet." in said, said


def test_the_clubs_log_names_the_stand_up(stood_up):
    _table, ivan = stood_up
    row = AuditLog.objects.get(action="table.stood_up", target_user=ivan)
    assert row.actor is None
    assert row.data["position"] == 4
    assert _audit_value("reason", row.data["reason"], row.action) == "away for two deals in a row"


def test_one_who_left_himself_is_still_told_he_left(make_table, players):
    table = make_table()
    sit_all(table, players)
    from games.services import table_leave

    table_leave(session_id=table.pk, user=players[0])
    with pytest.raises(TableError) as refused:
        table_back(session_id=table.pk, user=players[0])
    assert refused.value.message == "You are not sitting at this table."
