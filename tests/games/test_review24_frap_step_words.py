"""Review 24: in the Frap family (Frap, Khrap 5, Named 5) the buttons say "Whist" and "Cut" (RULES.md
5.6), but the line over them said "Bidding, round 1: help" and "...: fives", the words of the other
presets, in every language. The step is now named in the preset's own words."""

from __future__ import annotations

import pytest
from django.utils import timezone, translation

from games.engine import Action, observe
from games.live_frame import live_frame_html
from games.presenter import table_context
from games.selectors import table_frame_for
from games.services import dealing, table_act

from .conftest import play_deal_as_people, sit_all, start_deal

WORDS = {"en": ("whist", "help"), "ru": ("вист", "помощь"), "bg": ("свист", "помощ")}


def _phase(table, user, language: str) -> str:
    frame = table_frame_for(session=table, user=user)
    with translation.override(language):
        context = table_context(view=frame.view, public=frame.public, user_id=user.pk, now=timezone.now())
        live_frame_html(context)
    return context["phase"]


@pytest.mark.parametrize("preset", ["frap", "khrap5"])
def test_the_whist_step_is_called_whist(make_table, players, preset):
    table = make_table(preset=preset, seats=4, turn_seconds=600)
    sit_all(table, players, buy_in=500)
    for _ in range(20):
        deal = start_deal(table)
        people = [s.member.user for s in dealing.deal_players(deal)]
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        if not state.seen[seat]:  # Frap's hands are dealt face down (blind frap)
            table_act(session_id=table.pk, user=people[seat], action=Action("look"), expected_seq=deal.seq)
            deal.refresh_from_db()
        offered = [a["do"] for a in observe(dealing.deal_state(deal), seat)["legal_actions"]]
        if "snore" in offered:
            break
        play_deal_as_people(deal, people)
    else:
        raise AssertionError("nobody could frap")
    table_act(session_id=table.pk, user=people[seat], action=Action("snore"), expected_seq=deal.seq)
    deal.refresh_from_db()
    state = dealing.deal_state(deal)
    assert state.phase == "bid" and state.step == "H"
    asked = people[state.queue[0]]
    for language, (right, wrong) in WORDS.items():
        phase = _phase(table, asked, language)
        assert right in phase.lower() and wrong not in phase.lower(), (language, phase)
