"""RULES.md 4.5, one test per duty: must follow suit; void of the led suit, must trump.

Each duty is checked where a player meets it twice: the cards ``legal_actions`` offers, and ``apply``
refusing a card the duty forbids, with the duty named in the refusal. The file name sorts before the
bot and replay tests, so a mutation run that stops at the first failure is stopped by the rule that
was broken, not by a bot that happened to trip over it.
"""

from __future__ import annotations

import pytest

from games.engine import EngineError, legal_actions, to_act
from tests.engine.test_engine_support import act, run, start

TRUMP_CARD = "7H"  # hearts are trumps


def play_phase(hand1: list[str], hand2: list[str]):
    """Classic, seat 1 snores and leads, seat 2 helps: both hands are known, seat 1 to lead."""
    s = start("classic", hands={1: hand1, 2: hand2}, trump=TRUMP_CARD)
    s = run(s, (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"),
            (1, "exchange", {"cards": []}), (2, "exchange", {"cards": []}))
    assert s.phase == "play" and to_act(s) == 1 and s.trump == "H"
    return s


def offered(state, seat: int) -> list[str]:
    return sorted(a.card for a in legal_actions(state, seat) if a.do == "play")


def refused(state, seat: int, card: str) -> str:
    with pytest.raises(EngineError) as excinfo:
        act(state, seat, "play", card=card)
    assert excinfo.value.code == "illegal_action"
    return excinfo.value.message


# Seat 2 holds the led suit (spades), a trump and a card of a third suit: only following is legal.
FOLLOWER = ["6S", "9H", "AC", "10D"]


def test_must_follow_suit_offers_only_the_led_suit() -> None:
    s = act(play_phase(["AS", "KD", "QD", "JD"], FOLLOWER), 1, "play", card="AS")
    assert offered(s, 2) == ["6S"]  # not the trump 9H, not AC or 10D; no duty to beat the ace


def test_must_follow_suit_refuses_a_trump_or_another_suit() -> None:
    s = act(play_phase(["AS", "KD", "QD", "JD"], FOLLOWER), 1, "play", card="AS")
    for card in ("9H", "AC", "10D"):
        assert "follow suit" in refused(s, 2, card)
    after = act(s, 2, "play", card="6S")
    assert after.last_trick == ((1, "AS", False), (2, "6S", False)) and after.tricks[1] == 1


# Seat 2 has no spade but holds trumps: only a trump is legal.
VOID = ["6H", "KH", "AC", "7C"]


def test_must_trump_when_void_offers_only_trumps() -> None:
    s = act(play_phase(["AS", "KD", "QD", "JD"], VOID), 1, "play", card="AS")
    assert offered(s, 2) == ["6H", "KH"]  # any trump, not necessarily one that beats


def test_must_trump_when_void_refuses_a_plain_card() -> None:
    s = act(play_phase(["AS", "KD", "QD", "JD"], VOID), 1, "play", card="AS")
    for card in ("AC", "7C"):
        assert "must play a trump" in refused(s, 2, card)
    after = act(s, 2, "play", card="6H")
    assert after.tricks[2] == 1  # the low trump takes the ace
