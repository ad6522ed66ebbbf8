"""Review 47: basic bots helped on a guessed trump at Named-5 tables.

In a named-trump game nobody knows the trump when the helpers are asked: the snorer names it after
the exchange. ``BasicBot`` took its own best suit for the trump and helped on it, so with three or
more at the table its helpers failed more than half the time (each failure costs B0, a trick pays
B0 / 5): bot tables piled their penalties into the bank until nobody could afford to snore, and
most deals were redealt. It now helps there only on two aces, or an ace and a king."""

from __future__ import annotations

from collections import Counter

from games.engine import PRESETS
from games.engine.bots import BasicBot, play_table

_SNORERS = {"snore", "cheer", "helicopter", "dark", "shoot", "blind"}


def _named5(seats: int) -> Counter:
    counts: Counter = Counter()
    for table in range(30):
        result = play_table(
            PRESETS["named5"], [BasicBot(table * 20 + s) for s in range(seats)], stake=10,
            stacks=[100_000] * seats, deals=25, seed=b"named%d" % table,
        )
        for out in result.outcomes:
            counts["deals"] += 1
            counts[out["result"]] += 1
            if out["result"] != "played":
                continue
            for status, penalty in zip(out["statuses"], out["penalties"], strict=True):
                if status not in _SNORERS and status not in ("pass", "out", "", None):
                    counts["helped"] += 1
                    counts["failed"] += penalty > 0
    return counts


def test_named5_bot_helpers_mostly_make_their_trick_and_the_table_is_mostly_played():
    for seats in (4, 5):
        counts = _named5(seats)
        assert counts["helped"] >= 20, counts  # they do still help
        assert counts["failed"] <= 0.35 * counts["helped"], (seats, counts)
        assert counts["redeal"] <= 0.3 * counts["deals"], (seats, counts)
