"""Review 77: a player stood up mid-deal while it was his turn still read "your turn" and was offered
his bids and cards (Pass, Snore, the card forms): every press was refused ('You were stood up from
this table'), and the clock makes his seat's moves. His frame now offers no move; the others' frames
still offer theirs."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone, translation

from games.engine import to_act
from games.live_frame import live_frame_html
from games.models import Seat
from games.presenter import table_context
from games.selectors import table_frame_for
from games.services import dealing, table_stand_up

from .conftest import sit_all, start_deal

_MOVE_FORM = re.compile(r'<form[^>]*action="/tables/\d+/act/"')


def _frame(session, user, language: str = "en") -> str:
    frame = table_frame_for(session=session, user=user)
    with translation.override(language):
        context = table_context(view=frame.view, public=frame.public, user_id=user.pk, now=timezone.now())
        return str(live_frame_html(context))


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_player_stood_up_on_his_turn_is_offered_no_move(make_table, players, owner, language):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    on_turn = to_act(dealing.deal_state(deal))
    seat = Seat.objects.select_related("member__user").get(pk=deal.players[on_turn])
    user = seat.member.user
    before = _frame(table, user, language)
    assert _MOVE_FORM.search(before) and 'data-my-turn="1"' in before
    table_stand_up(session_id=table.pk, actor=owner, position=seat.position, reason="abuse")
    html = _frame(table, user, language)
    assert not _MOVE_FORM.search(html), "a stood-up player is offered a move the table refuses"
    assert 'data-my-turn="1"' not in html
    with translation.override(language):
        assert translation.gettext("your turn") not in html
    # The next seat's player, not on turn, is not offered a move either; the table is not changed.
    other = Seat.objects.select_related("member__user").get(
        pk=deal.players[(on_turn + 1) % len(deal.players)]
    ).member.user
    assert 'data-my-turn="1"' not in _frame(table, other)


@pytest.mark.django_db
def test_a_player_stood_up_mid_deal_who_steps_away_is_told_he_was_stood_up(make_table, players, owner):
    """His page left open (or a second tab) still had "Step away": it answered "You are already
    marked away." as news, of a seat the table had taken from him."""
    from games.services import TableError, table_away

    table = make_table()
    sit_all(table, players)
    start_deal(table)
    seat = Seat.objects.select_related("member__user").get(session=table, position=1)
    table_stand_up(session_id=table.pk, actor=owner, position=1, reason="abuse")
    with pytest.raises(TableError) as refused:
        table_away(session_id=table.pk, user=seat.member.user)
    assert refused.value.code == "removed" and not refused.value.done
