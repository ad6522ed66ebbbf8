"""A player who keeps his hand at the exchange: the deal's log said "Vera discards 0. Vera draws 0.";
it now says once that he stands pat, in en, ru and bg, and a real exchange still reads as before."""

from __future__ import annotations

from django.utils import translation

from games.broadcast import table_messages
from games.engine import Action, observe
from games.engine.bots import BasicBot
from games.presenter import log_lines, status_words
from games.services import dealing, table_act

from .conftest import sit_all, start_deal
from .gaps_script import seat_users

STANDS_PAT = {"en": "stands pat.", "ru": "не меняет карт.", "bg": "не сменя карти."}


def test_an_exchange_of_no_cards_reads_as_standing_pat(make_table, players) -> None:
    table = make_table()
    sit_all(table, players[:4])
    deal = start_deal(table)
    users = seat_users(deal)
    kept = None
    for _ in range(200):
        deal.refresh_from_db()
        if deal.is_over:
            break
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        view = observe(state, seat)
        if view["need"] == "bid" and any(a["do"] == "snore" for a in view["legal_actions"]):
            action = Action.from_json({"do": "snore"})
        elif view["need"] == "bid" and any(a["do"] == "help" for a in view["legal_actions"]):
            action = Action.from_json({"do": "help"})
        elif view["need"] == "exchange" and kept is None:
            kept = seat
            action = Action.from_json({"do": "exchange", "cards": []})
        else:
            action = BasicBot(seed=deal.seq).choose(view)
        table_act(session_id=table.pk, user=users[seat], action=action, expected_seq=deal.seq)
    assert kept is not None and deal.is_over
    public = next(m for _g, m in table_messages(table.pk) if m.get("public"))["public"]
    name = public["deal"]["players"][kept]
    for language, words in STANDS_PAT.items():
        with translation.override(language):
            lines = log_lines(public, status_words("classic"))
        mine = [line for line in lines if line.startswith(name + " ")]
        assert f"{name} {words}" in mine, mine
        assert not any(line.endswith((" 0.", " 0")) for line in lines), lines
