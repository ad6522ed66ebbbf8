"""Settlement (RULES.md section 6): payouts, penalties, holds released, next dealer.

Every chip that moves is reported as a ``ChipsMoved`` event, in the order they move:
payouts (bank → stack), penalties (hold → bank), releases (hold → stack), then, with
``penalty_to = winners_now``, the share-out of the whole bank (bank → stack).
"""

from __future__ import annotations

from . import events as ev
from ._base import HELPER_TYPES, SNORER_TYPES, ring, round_card
from .cards import RANK
from .events import Event
from .rules import Rules
from .state import Work, make_outcome


def obligation(rules: Rules, status: str) -> int:
    """Tricks a status must take (5: snorer types ``snore_tricks``, helper types 1)."""
    if status in SNORER_TYPES:
        return rules.snore_tricks
    if status in HELPER_TYPES:
        return 1
    return 0


def _by_tricks(table: tuple[int, ...], tricks: int) -> int:
    """Entry ``tricks`` of a penalty table; the last entry stands for any higher count."""
    return table[min(tricks, len(table) - 1)]


def penalty_multiple(rules: Rules, status: str, tricks: int = 0, trump_ace: bool = False) -> int:
    """Penalty of a failed player in multiples of B0 (6.4), by his tricks where 6.5 says so.

    Blind frap: ``penalty_blind`` (0 tricks 2, 1 trick 4), or ``penalty_blind_ace`` when the trump
    card of the round is an ace (1 trick 3), Decision 7. Frap / Khrap-5 snorers:
    ``penalty_snorer_by_tricks`` (a frapper with 1 trick pays 1, Decision 8).
    """
    if status == "blind":
        return _by_tricks(rules.penalty_blind_ace if trump_ace else rules.penalty_blind, tricks)
    if status in SNORER_TYPES:
        if rules.penalty_snorer_by_tricks:
            return _by_tricks(rules.penalty_snorer_by_tricks, tricks)
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
    *,
    round_no: int = 1,
    trump_ace: bool = False,
) -> tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...], list[Event]]:
    """Pay out and collect penalties; returns (stacks, bank, payouts, penalties, events).

    6.2: a collector gets floor(B0 × tricks / hand_size); collectors are those who made their
    obligation, plus failed ones where ``failed_collect``. 6.3/6.4: a failed player's penalty
    (capped by his hold: forced helicopter helpers hold at most their stack) goes to the bank,
    the rest of every hold returns to its stack. Remainders stay in the bank (6.1).

    6.6 (``snorer_payout = rest_by_round``, Decision 9): everyone else is paid first; a snorer who
    made his tricks then takes what is left of B0, at most B0 // 2 if he snored in round
    ``round_no`` ≥ 2, so the bank never pays more than it holds. ``trump_ace``: the round's trump
    card is an ace (blind frap penalties, 6.5).
    """
    n = len(stacks)
    hs = rules.hand_size
    needs = _NEEDS.get(rules.snore_tricks) or _needs(rules.snore_tricks)
    rest_rule = rules.snorer_payout == "rest_by_round"
    failed_collect = rules.failed_collect
    chips = ev.CHIPS
    st = list(stacks)
    pays = [0] * n
    out: list[Event] = []
    rest_seats: list[int] = []  # snorers paid after everyone else (6.6)
    failed: list[int] = []  # seats that owe a penalty out of their hold
    made: list[int] = []  # seats that took their obligation, in seat order
    for seat, status in enumerate(statuses):
        if status not in needs:
            continue  # no status: nothing to collect, nothing held
        took = tricks[seat]
        if took >= needs[status]:
            made.append(seat)
            if rest_rule and status in SNORER_TYPES:
                rest_seats.append(seat)
                continue
        else:
            if holds[seat]:
                failed.append(seat)
            if not failed_collect:
                continue
        if took:
            amount = b0 * took // hs
            if amount:
                pays[seat] = amount
                bank -= amount
                st[seat] += amount
                out.append(chips["payout", seat, amount])
    for seat in rest_seats:
        amount = b0 - sum(pays)
        if round_no >= 2:
            amount = min(amount, b0 // 2)
        amount = max(0, min(amount, bank))
        if amount:
            pays[seat] = amount
            bank -= amount
            st[seat] += amount
            out.append(chips["payout", seat, amount])
    pens = [0] * n
    for seat in failed:
        mult = penalty_multiple(rules, statuses[seat], tricks[seat], trump_ace)
        amount = holds[seat]
        if amount > mult * b0:
            amount = mult * b0
        if amount:
            pens[seat] = amount
            bank += amount
            out.append(chips["penalty", seat, amount])
    for seat, held in enumerate(holds):
        if held:
            rest = held - pens[seat]
            if rest:
                st[seat] += rest
                out.append(chips["release", seat, rest])
    if rules.penalty_to == "winners_now":
        total = sum(tricks[s] for s in made)
        if total and bank > 0:
            pot = bank
            for seat in made:
                if tricks[seat]:
                    share = pot * tricks[seat] // total
                    if share:
                        pays[seat] += share
                        st[seat] += share
                        bank -= share
                        out.append(chips["payout", seat, share])
    return tuple(st), bank, tuple(pays), tuple(pens), out


#: Tricks each status must take, by ``snore_tricks`` (see :func:`obligation`).
_NEEDS: dict[int, dict[str, int]] = {}


def _needs(snore_tricks: int) -> dict[str, int]:
    needs = _NEEDS[snore_tricks] = {status: 1 for status in HELPER_TYPES}
    needs.update((status, snore_tricks) for status in SNORER_TYPES)
    return needs


def next_dealer(w: Work) -> int:
    """6.7: the last snorer (``snorer``) or the next seat clockwise; after a redeal always the next seat."""
    setup = w.setup
    if setup.rules.next_dealer == "snorer" and w.snorer >= 0:
        return w.snorer
    return ring(setup.dealer, setup.seats)[1]


def _final_statuses(w: Work) -> tuple[str, ...]:
    status = w.status
    if "" not in status:
        return status
    return tuple(["pass" if st == "" else st for st in status])


def finish_played(w: Work, out: list[Event], result: str = "played") -> None:
    """Settle a deal whose tricks are known and close it."""
    rules = w.setup.rules
    statuses = _final_statuses(w)
    # Only a blind frapper's penalty depends on the round's trump card (6.5).
    card = round_card(w) if "blind" in statuses else None
    stacks, bank, pays, pens, moved = settle_chips(
        rules,
        w.b0,
        w.bank,
        w.stacks,
        w.holds,
        statuses,
        w.tricks,
        round_no=w.round,
        trump_ace=card is not None and RANK[card] == 14,
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
    w.outcome = make_outcome(
        result, w.trump or None, statuses, w.tricks, pays, pens, bank, next_dealer(w), stacks
    )
    out.append(ev.shared(ev.DealOver, result))


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
    w.outcome = make_outcome(
        "redeal", w.trump or None, statuses, zeros, zeros, zeros, w.bank, ring(w.setup.dealer, n)[1], w.stacks
    )
    out.append(ev.shared(ev.Redeal))
    out.append(ev.shared(ev.DealOver, "redeal"))
