"""Helpers shared by the engine tests (and tests of the helpers themselves).

``make_deck`` puts chosen cards at chosen deal positions (RULES.md 4.1) and fills the rest of the
deck in canonical order, so a test names only the cards it is about.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from games.engine import PRESETS, Action, apply, deck, is_over, legal_actions, new_deal, to_act
from games.engine.rules import Rules
from games.engine.state import State


def make_deck(
    rules: Rules | str,
    seats: int,
    dealer: int,
    hands: Mapping[int, Sequence[str]],
    trump: str | None = None,
    stock: Sequence[str] = (),
    out: Iterable[int] = (),
    bottom: Sequence[str] = (),
) -> tuple[str, ...]:
    """A full deck dealing ``hands`` (partial hands allowed), then ``trump``, then ``stock``."""
    r = PRESETS[rules] if isinstance(rules, str) else rules
    size = r.deck_for(seats)
    hs = r.hand_size
    skip = set(out)
    order = [s for s in ((dealer + 1 + i) % seats for i in range(seats)) if s not in skip]
    m = len(order)
    slots: list[str | None] = [None] * size
    for j, seat in enumerate(order):
        for k, c in enumerate(hands.get(seat, ())):
            slots[k * m + j] = c
    pos = m * hs
    # Named-trump presets turn no card: the stock starts right after the hands.
    turned = 1 if r.trump_source == "turned" else 0
    if trump is not None:
        assert turned, "this preset turns no trump card"
        slots[pos] = trump
    for k, c in enumerate(stock):
        slots[pos + turned + k] = c
    for k, c in enumerate(reversed(bottom)):
        slots[size - 1 - k] = c
    used = [c for c in slots if c is not None]
    assert len(used) == len(set(used)), "a card is placed twice"
    rest = iter(c for c in deck(size) if c not in set(used))
    return tuple(c if c is not None else next(rest) for c in slots)


def start(
    preset: str | Rules = "classic",
    hands: Mapping[int, Sequence[str]] | None = None,
    trump: str | None = None,
    stock: Sequence[str] = (),
    seats: int = 4,
    dealer: int = 0,
    stake: int = 5,
    stacks: Sequence[int] | None = None,
    bank: int = 0,
    out: Iterable[int] = (),
    **kw: object,
) -> State:
    rules = PRESETS[preset] if isinstance(preset, str) else preset
    d = make_deck(rules, seats, dealer, hands or {}, trump, stock, out=out)
    return new_deal(
        rules, stake=stake, stacks=list(stacks or [100] * seats), bank=bank, dealer=dealer, deck=d, **kw
    )


def act(state: State, seat: int, do: str, **kw: object) -> State:
    """Apply one action given in scenario spelling (``as_`` for "as", ``from_`` for "from")."""
    data: dict[str, object] = {"do": do}
    for k, v in kw.items():
        data[k.rstrip("_")] = v
    new, _events = apply(state, seat, Action.from_json(data))
    return new


def run(state: State, *steps: tuple) -> State:
    """Apply ``(seat, do, {kwargs})`` steps in order."""
    for step in steps:
        seat, do, *rest = step
        state = act(state, seat, do, **(rest[0] if rest else {}))
    return state


def play_out(state: State) -> State:
    """Finish a deal with each seat's first legal action (never ``look``)."""
    while not is_over(state):
        seat = to_act(state)
        assert seat is not None
        acts = [a for a in legal_actions(state, seat) if a.do != "look"]
        state, _ = apply(state, seat, acts[0])
    return state


def test_make_deck_places_cards_at_deal_positions() -> None:
    d = make_deck("classic", 4, 0, {1: ["AH", "KH"], 0: ["6S"]}, trump="7H", stock=["10H"])
    assert d[0] == "AH" and d[4] == "KH" and d[3] == "6S" and d[16] == "7H" and d[17] == "10H"
    assert sorted(d) == sorted(deck(36))
