"""Settlement (RULES.md section 6): payouts, penalties, holds released, next dealer.

Every chip that moves is reported as a ``ChipsMoved`` event, in the order they move:
payouts (bank → stack), penalties (hold → bank), releases (hold → stack), then, with
``penalty_to = winners_now``, the share-out of the whole bank (bank → stack).
"""

from __future__ import annotations

from . import events as ev
from ._base import HELPER_TYPES, SNORER_TYPES, ring
from .events import Event
from .rules import Rules
from .state import Outcome, Work


def obligation(rules: Rules, status: str) -> int:
    """Tricks a status must take (5: snorer types ``snore_tricks``, helper types 1)."""
    if status in SNORER_TYPES:
        return rules.snore_tricks
    if status in HELPER_TYPES:
        return 1
    return 0


def penalty_multiple(rules: Rules, status: str) -> int:
    """Penalty of a failed player in multiples of B0 (6.4)."""
    if status in SNORER_TYPES:
        return rules.penalty_snorer
    if status in HELPER_TYPES:
        return rules.penalty_helper
    return 0


def settle_chips(
    rules: Rules,
    b0: int,
    bank: int,
    stacks: tuple[int, ...],
    holds: tuple[int, ...],
    statuses: tuple[str, ...],
    tricks: tuple[int, ...],
) -> tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...], list[Event]]:
    """Pay out and collect penalties; returns (stacks, bank, payouts, penalties, events).

    6.2: a collector gets floor(B0 × tricks / hand_size); collectors are those who made their
    obligation, plus failed ones where ``failed_collect``. 6.3/6.4: a failed player's penalty
    (capped by his hold: forced helicopter helpers hold at most their stack) goes to the bank,
    the rest of every hold returns to its stack. Remainders stay in the bank (6.1).
    """
    n = len(stacks)
    hs = rules.hand_size
    st = list(stacks)
    pays = [0] * n
    pens = [0] * n
    made = [False] * n
    out: list[Event] = []
    for seat in range(n):
        status = statuses[seat]
        need = obligation(rules, status)
        if need == 0:
            continue
        ok = tricks[seat] >= need
        made[seat] = ok
        if tricks[seat] and (ok or rules.failed_collect):
            amount = b0 * tricks[seat] // hs
            if amount:
                pays[seat] = amount
                bank -= amount
                st[seat] += amount
                out.append(ev.payout(seat, amount))
    for seat in range(n):
        if holds[seat] and not made[seat] and obligation(rules, statuses[seat]):
            amount = min(holds[seat], penalty_multiple(rules, statuses[seat]) * b0)
            if amount:
                pens[seat] = amount
                bank += amount
                out.append(ev.penalty(seat, amount))
    for seat in range(n):
        rest = holds[seat] - pens[seat]
        if rest:
            st[seat] += rest
            out.append(ev.release(seat, rest))
    if rules.penalty_to == "winners_now":
        total = sum(tricks[s] for s in range(n) if made[s])
        if total and bank > 0:
            pot = bank
            for seat in range(n):
                if made[seat] and tricks[seat]:
                    share = pot * tricks[seat] // total
                    if share:
                        pays[seat] += share
                        st[seat] += share
                        bank -= share
                        out.append(ev.payout(seat, share))
    return tuple(st), bank, tuple(pays), tuple(pens), out


def next_dealer(w: Work) -> int:
    """6.7: the last snorer (``snorer``) or the next seat clockwise; after a redeal always the next seat."""
    setup = w.setup
    if setup.rules.next_dealer == "snorer" and w.snorer >= 0:
        return w.snorer
    return ring(setup.dealer, setup.seats)[1]


def _final_statuses(w: Work) -> tuple[str, ...]:
    return tuple("pass" if st == "" else st for st in w.status)


def finish_played(w: Work, out: list[Event], result: str = "played") -> None:
    """Settle a deal whose tricks are known and close it."""
    rules = w.setup.rules
    statuses = _final_statuses(w)
    stacks, bank, pays, pens, moved = settle_chips(
        rules, w.b0, w.bank, w.stacks, w.holds, statuses, w.tricks
    )
    out.extend(moved)
    w.stacks = stacks
    w.holds = (0,) * len(stacks)
    w.bank = bank
    w.status = statuses
    w.phase = "over"
    w.step = ""
    w.queue = ()
    w.need = ""
    w.outcome = Outcome(result, w.trump, statuses, w.tricks, pays, pens, bank, next_dealer(w), stacks)
    out.append(ev.DealOver(result))


def finish_redeal(w: Work, out: list[Event]) -> None:
    """4.7: every round ended in passes (or the stock ran dry): the deal is void, the bank stays."""
    n = w.setup.seats
    statuses = _final_statuses(w)
    w.status = statuses
    w.phase = "over"
    w.step = ""
    w.queue = ()
    w.need = ""
    zeros = (0,) * n
    w.outcome = Outcome(
        "redeal", w.trump, statuses, zeros, zeros, zeros, w.bank, ring(w.setup.dealer, n)[1], w.stacks
    )
    out.append(ev.Redeal())
    out.append(ev.DealOver("redeal"))
