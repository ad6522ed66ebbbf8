"""Review 47: the basic bot threw the Student joker away.

``BasicBot`` valued cards by rank and trump only, so the 7♠ - the joker, which wins any trick it is
played to (RULES.md 5.9) - ranked as a low plain seven: the bot gave it up in its exchange and its
forced discards, and led or dumped it "as a seven", about as often as it played it as the joker
(in 4,000 Student deals between basic bots: 483 times given up, 175 times played as a seven, 325
times as the joker). A person playing a practice table saw his bot opponents throw away the best
card of the game. The bot now keeps it, as it keeps its trumps, and plays it as the joker."""

from __future__ import annotations

from collections import Counter

from games.engine import PRESETS
from games.engine.bots import BasicBot, play_table
from games.engine.rules import rules_with_overrides


def _joker_moves(rules, make_bot) -> Counter:
    counts: Counter = Counter()
    for table in range(40):
        n = 3 + table % 2
        result = play_table(
            rules, [make_bot(table * 10 + s) for s in range(n)], stake=10, stacks=[100_000] * n,
            deals=10, seed=b"joker%d" % table,
        )
        for deal in result.deals:
            for action in deal["actions"]:
                if action["do"] == "play" and action.get("card") == "7S":
                    counts["as " + action.get("as", "?")] += 1
                elif action["do"] in ("exchange", "discard") and "7S" in action.get("cards", ()):
                    counts["given up"] += 1
    return counts


def test_basic_bots_keep_the_student_joker_and_play_it_as_the_joker():
    counts = _joker_moves(PRESETS["student"], BasicBot)
    assert counts["as joker"] >= 20, counts  # it does come up
    assert counts["as seven"] == 0, counts
    assert counts["given up"] == 0, counts


def test_a_bot_at_a_table_that_adds_the_joker_is_told_so():
    """The view names only the preset: at a Classic table with the joker, the bot is told by whoever
    seats it (the site passes the table's rules)."""
    rules = rules_with_overrides("classic", {"joker": True})
    counts = _joker_moves(rules, lambda seed: BasicBot(seed, joker=True))
    assert counts["as joker"] >= 20, counts
    assert counts["as seven"] == 0 and counts["given up"] == 0, counts
