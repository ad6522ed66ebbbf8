"""Moryak turns on until a new trump suit shows (``new_trump_suit``, RULES.md 4.2): the cards of an
old trump suit are turned and set aside. The deal's log said "Trump card: A♦." for each of them, as if
trump had changed at every card; it now says they were set aside, and names only the real trump card."""

from __future__ import annotations

from django.utils import translation

from games.broadcast import table_messages
from games.engine import Action, observe
from games.presenter import log_lines, status_words
from games.services import dealing, table_act
from tests.engine.test_engine_support import make_deck

from .conftest import sit_all, start_deal
from .gaps_script import seat_users, use_deck


def test_cards_of_an_old_trump_suit_are_logged_as_set_aside(make_table, players, monkeypatch) -> None:
    table = make_table(preset="moryak")
    sit_all(table, players[:4])
    deck = make_deck("moryak", 4, dealer=3, hands={}, trump="8D", stock=["AD", "10D", "KD", "9S"])
    use_deck(monkeypatch, list(deck), table=table)
    deal = start_deal(table)
    users = seat_users(deal)
    for _ in range(4):  # round 1: everybody passes
        deal.refresh_from_db()
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        assert observe(state, seat)["need"] == "bid"
        table_act(
            session_id=table.pk,
            user=users[seat],
            action=Action.from_json({"do": "pass"}),
            expected_seq=deal.seq,
        )
    deal.refresh_from_db()
    assert dealing.deal_state(deal).trump_card == "9S"
    public = next(m for _g, m in table_messages(table.pk) if m.get("public"))["public"]
    expected = {
        "en": ("is turned and set aside", "Trump card: 9♠."),
        "ru": ("отложена", "Козырь: 9♠."),
        "bg": ("оставена настрана", "Коз: 9♠."),
    }
    for language, (aside, real) in expected.items():
        with translation.override(language):
            lines = log_lines(public, status_words("moryak"))
        trump_lines = [line for line in lines if "♦" in line or "9♠" in line]
        assert len(trump_lines) == 5, trump_lines
        assert trump_lines[-1] == real
        # 8♦ was trump in round 1; A♦, 10♦ and K♦ never were.
        assert not any(
            card in line and "8♦" not in line and aside not in line
            for line in trump_lines[1:4]
            for card in ("A♦", "10♦", "K♦")
        ), trump_lines
        assert sum(aside in line for line in trump_lines) == 3, trump_lines
