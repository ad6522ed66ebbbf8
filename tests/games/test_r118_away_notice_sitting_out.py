"""Review 118: a player marked away read "You are away: your moves are made for you (pass, stand pat,
the lowest card)." whatever was so. Away, he sits new deals out: at a deal dealt without him no move
is made for him, and at the end of his second deal away he is stood up, which nothing on his page
said, so the stand-up came as a surprise to one who read that he was being played for."""

from __future__ import annotations

import pytest
from django.utils import timezone, translation

from games.engine import observe
from games.engine.bots import BasicBot
from games.live_frame import live_frame_html
from games.models import Deal, Seat
from games.presenter import table_context
from games.selectors import table_frame_for
from games.services import dealing, table_act, table_away, tables_tick

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db

PLAYED_FOR = "your moves are made for you"


@pytest.fixture(autouse=True)
def _no_time_zone():
    yield
    timezone.deactivate()


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


def _notice(table, user, language: str = "en") -> str:
    table.refresh_from_db()
    frame = table_frame_for(session=table, user=user)
    with translation.override(language):
        context = table_context(view=frame.view, public=frame.public, user_id=user.pk, now=timezone.now())
        html = live_frame_html(context, csrf="")
    start = html.index('id="away-notice">') + len('id="away-notice">')
    return html[start : html.index("</span>", start)]


def test_away_in_his_deal_is_played_for(make_table, players):
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    table_away(session_id=table.pk, user=players[3])
    assert PLAYED_FOR in _notice(table, players[3])


def test_away_sitting_a_deal_out_is_told_so_and_when_he_is_stood_up(make_table, players):
    table = make_table()
    sit_all(table, players)
    ivan = players[3]
    _finish(start_deal(table))
    table_away(session_id=table.pk, user=ivan)  # between deals: the next one is dealt without him
    said = _notice(table, ivan)
    assert PLAYED_FOR not in said
    assert "two deals" in said
    deal = start_deal(table)
    assert Seat.objects.get(session=table, member__user=ivan).pk not in deal.players
    said = _notice(table, ivan)
    assert PLAYED_FOR not in said and "two deals" in said
    _finish(deal)  # his first deal away
    deal = start_deal(table)
    said = _notice(table, ivan)
    # The deal running now is his second away: it ends with his stand-up.
    assert PLAYED_FOR not in said
    assert "stood up when it ends" in said
    for language in ("ru", "bg"):
        assert _notice(table, ivan, language) != said  # translated
    _finish(deal)
    assert Seat.objects.filter(session=table, member__user=ivan).get().status == Seat.Status.LEFT
