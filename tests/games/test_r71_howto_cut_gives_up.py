"""Review 71: Frap's and Khrap-5's cut, as the how-to told it, kept the cutter's own cards.

"Cut: after the exchange, a player who passed may draw 5 cards and keep 4": a player who knows the
five of the other presets ("give up his cards, draw 5 and keep 4") reads it as drawing 5 more and
keeping the best 4 of 9. The engine gives his dealt cards up (RULES.md 4.3, five-takers give up
their dealt cards), as for every five."""

from __future__ import annotations

import pytest

from games.engine import PRESETS, Action, apply, legal_actions, new_deal, to_act
from games.engine.cards import deck as full_deck
from games.howto import preset_howto

GIVES_UP = {"en": "give up his cards", "ru": "сбрасывает свои карты", "bg": "хвърля картите си"}
CUT_AFTER = {"en": "after the exchange", "ru": "после прикупа", "bg": "след размяната"}


def _cut_line(preset: str, language: str) -> str:
    lines = preset_howto(PRESETS[preset], language=language).sections[2].lines
    (line,) = [line for line in lines if CUT_AFTER[language] in line]
    return line


@pytest.mark.parametrize("preset", ["frap", "khrap5"])
def test_the_engine_takes_the_cutters_dealt_cards_away(preset: str) -> None:
    rules = PRESETS[preset]
    state = new_deal(rules, stake=5, stacks=[100, 100, 100], bank=0, dealer=0,
                     deck=tuple(full_deck(rules.deck_for(3))))
    dealt: dict[int, tuple[str, ...]] = {}
    snored = False
    for _ in range(60):
        seat = to_act(state)
        assert seat is not None
        if state.need == "discard" and seat in dealt:
            # The cutter drew; what he holds now is what he keeps from: none of his dealt cards.
            assert len(state.hands[seat]) == rules.five_draw
            assert not set(state.hands[seat]) & set(dealt[seat]), (state.hands[seat], dealt[seat])
            return
        options = [a for a in legal_actions(state, seat) if a.do != "look"]
        dos = {a.do for a in options}
        if state.phase == "bid" and "snore" in dos and not snored:
            action, snored = Action("snore"), True
        elif "five" in dos:
            dealt[seat] = tuple(state.hands[seat])
            action = next(a for a in options if a.do == "five" and not a.take_trump)
        elif state.phase == "bid":
            action = Action("pass")
        else:
            action = options[0]
        state, _events = apply(state, seat, action)
    raise AssertionError("nobody cut")


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
@pytest.mark.parametrize("preset", ["frap", "khrap5"])
def test_the_cut_line_says_he_gives_up_his_cards(preset: str, language: str) -> None:
    assert GIVES_UP[language] in _cut_line(preset, language)
