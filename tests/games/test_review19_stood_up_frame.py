"""A player stood up mid-deal (a manager's stand-up, or leaving the club and joining again) is refused
"I'm back" ('removed'), yet his table offered him the button, the B key and "You are away: your
moves are made for you", and "Step away" beside it: every press an error. His frame says what
happened instead, and offers nothing the table refuses him."""

from __future__ import annotations

import pytest
from django.utils import timezone, translation

from games.engine import to_act
from games.live_frame import live_frame_html
from games.models import Seat
from games.presenter import table_context
from games.selectors import table_frame_for
from games.services import dealing, table_stand_up

from .conftest import sit_all, start_deal


def _frame(session, user, language: str = "en") -> str:
    frame = table_frame_for(session=session, user=user)
    with translation.override(language):
        context = table_context(view=frame.view, public=frame.public, user_id=user.pk, now=timezone.now())
        return str(live_frame_html(context))


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_player_stood_up_mid_deal_is_not_offered_to_come_back(make_table, players, owner, language):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    state = dealing.deal_state(deal)
    not_to_act = next(i for i in range(len(deal.players)) if i != to_act(state))
    seat = Seat.objects.select_related("member__user").get(pk=deal.players[not_to_act])
    user = seat.member.user
    assert 'id="away-button"' in _frame(table, user)  # sitting: he may step away
    assert table_stand_up(session_id=table.pk, actor=owner, position=seat.position, reason="abuse") is False
    html = _frame(table, user, language)
    assert 'id="back-button"' not in html
    assert 'id="away-button"' not in html
    with translation.override(language):
        said = translation.gettext(
            "You were stood up from this table: your seat plays by default moves until this deal ends."
        )
    assert said in html
    # Another player's frame keeps his own controls.
    other = Seat.objects.select_related("member__user").get(pk=deal.players[to_act(state)]).member.user
    assert 'id="away-button"' in _frame(table, other)
