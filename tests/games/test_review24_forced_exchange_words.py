"""Review 24: an exchange of a forced number of cards (Bulgarian 36's shoot: give up 3, draw 4,
discard 1, RULES.md 5) was asked as "Choose 3 to 3 cards to exchange" (ru "от 3 до 3", bg "от 3 до
3"). It is now asked as the one number it is."""

from __future__ import annotations

from django.utils import timezone, translation

from games.engine import Action, observe
from games.live_frame import live_frame_html
from games.presenter import table_context
from games.selectors import table_frame_for
from games.services import dealing, table_act

from .conftest import play_deal_as_people, sit_all, start_deal

LEGENDS = {
    "en": "Choose 3 cards to exchange",
    "ru": "Выберите 3 карты для обмена",
    "bg": "Изберете 3 карти за смяна",
}


def _legend(table, user, language: str) -> str:
    frame = table_frame_for(session=table, user=user)
    with translation.override(language):
        context = table_context(view=frame.view, public=frame.public, user_id=user.pk, now=timezone.now())
        return live_frame_html(context)


def test_a_shooters_exchange_asks_for_three_cards(make_table, players):
    table = make_table(preset="bulgarian36", seats=4, turn_seconds=600)
    sit_all(table, players, buy_in=500)
    for _ in range(30):
        deal = start_deal(table)
        people = [s.member.user for s in dealing.deal_players(deal)]
        state = dealing.deal_state(deal)
        shooter = state.queue[0]
        if not state.seen[shooter]:
            table_act(session_id=table.pk, user=people[shooter], action=Action("look"), expected_seq=deal.seq)
            deal.refresh_from_db()
        if any(a["do"] == "shoot" for a in observe(dealing.deal_state(deal), shooter)["legal_actions"]):
            break
        play_deal_as_people(deal, people)
    else:
        raise AssertionError("shoot was never offered")
    table_act(session_id=table.pk, user=people[shooter], action=Action("shoot"), expected_seq=deal.seq)
    helped = False
    # Someone helps (a shooter left alone would take every trick without an exchange), the rest pass.
    for _ in range(20):
        deal.refresh_from_db()
        state = dealing.deal_state(deal)
        if state.phase != "bid":
            break
        seat = state.queue[0]
        offered = [a["do"] for a in observe(state, seat)["legal_actions"]]
        do = "help" if not helped and "help" in offered else "pass"
        helped = helped or do == "help"
        table_act(session_id=table.pk, user=people[seat], action=Action(do), expected_seq=deal.seq)
    assert helped and state.phase == "exchange" and state.queue[0] == shooter
    for language, legend in LEGENDS.items():
        frame = _legend(table, people[shooter], language)
        assert f"<legend>{legend}</legend>" in frame, (language, frame[frame.find("<legend>") :][:80])
