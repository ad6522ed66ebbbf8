"""Bidding (RULES.md 4.2, statuses of section 5): steps S, H and F, trump rounds, interruptions.

Declarations that draw at once (cheer, mourn, dark, dealer wrap) leave the declarer at the head
of the queue with ``need = "discard"``; his discard then continues the bidding where it was.

With ``five_timing = after_exchange`` (Frap, Khrap-5) a pass in step H is not final: step F (the
cut) is asked after the exchange phase (see ``exchange._exchange_over``), and the cutters draw only
once everyone has answered it, in its order (4.2 step F).

Choices where the Frap sources are silent (what a player at a real table would expect):

* Blind frap may be declared in any round of step S by a player who has not looked yet ("если
  никто не заказал фрап, то его можно объявить втемную"): later rounds are still "nobody frapped".
* A frapper nobody whisted still buys: the passers may still cut after the buying, so he does
  not know yet that he is alone.
* The trump card goes to the first cutter (in step F order) who asks for it; with it a cut needs
  only ``five_draw - 1`` free stock cards, so a short stock may offer only the cut with it.
"""

from __future__ import annotations

from . import events as ev
from ._base import SNORER_TYPES, after, illegal, set_seat, stock_free
from .actions import Action
from .cards import RANK, SUIT, SUITS
from .errors import EngineError
from .events import Event
from .exchange import discard, start_cut_draws, start_exchange
from .play import start_play
from .settle import finish_redeal
from .state import State, Work

SNORER_BIDS = ("snore", "cheer", "helicopter", "dark", "shoot", "wrap_swap", "blind")
HELPER_BIDS = ("help", "mourn", "cheer", "dark")  # cheer and dark interrupt (5.3)
FIVE_BIDS = ("five", "six")


_TRUMP_ACE = {suit: "A" + suit for suit in SUITS}
_TRUMP_SIX = {suit: "6" + suit for suit in SUITS}


def _cheer_ranks(form: str | None, ranks: list[int]) -> bool:
    """5.1 on the trump ranks (the stock must also hold ``hand_size`` free cards)."""
    if form == "only_trump_ace":
        return ranks == [14]
    if form == "holds_trump_ace":
        return 14 in ranks
    return False


def _helicopter_ranks(w: State | Work, form: str | None, ranks: list[int]) -> bool:
    """5.4, the four eligibility rules, on the trump ranks."""
    if form is None:
        return False
    if form == "ace_six_only":
        return ranks == [6, 14]
    if form == "ace_six_or_ace_seven":
        return ranks == [6, 14] or (ranks == [7, 14] and w.trump_card is not None and RANK[w.trump_card] == 6)
    if form == "holds_ace_six":
        return 6 in ranks and 14 in ranks
    return len(ranks) >= 2 and 6 in ranks  # two_with_six


def _wrap_ok(w: State | Work, seat: int) -> bool:
    """5.5 dealer wrap: only the dealer, only while the trump card is an ace."""
    return (
        seat == w.setup.dealer
        and w.trump_card is not None
        and RANK[w.trump_card] == 14
        and not w.wrap_declined
        and stock_free(w) >= w.setup.rules.hand_size
    )


def _dark_ok(w: State | Work, seat: int) -> bool:
    form = w.setup.rules.dark
    if form == "take_trump":
        return w.round == 1 and not w.seen[seat] and w.trump_card is not None
    if form == "dealer_wrap":
        return _wrap_ok(w, seat)
    return False


def can_cut_with_trump(w: State | Work) -> bool:
    """Frap 5.6: a cutter may take the turned trump card as one of his cards (the trump card plus
    ``five_draw - 1`` from the stock), if nobody before him in step F has claimed it."""
    rules = w.setup.rules
    return (
        rules.five_take_trump
        and w.trump_card is not None
        and w.cut_trump < 0
        and stock_free(w) >= rules.five_draw - 1
    )


def hidden_wrap(w: State | Work, seat: int) -> bool:
    """Zone 52: the dealer's hand is face down until his first turn, where wrap is offered first."""
    return (
        w.setup.hidden_dealer
        and seat == w.setup.dealer
        and w.round == 1
        and not w.wrap_declined
        and not w.seen[seat]
    )


def offers(w: State | Work, seat: int) -> list[str]:
    """The statuses the rules offer ``seat`` at his turn now, affordable or not, in a stable order."""
    setup = w.setup
    rules = setup.rules
    step = w.step
    # Asked at every bid: the rules' helpers are inlined here (calls cost more than their bodies).
    if step == "S":
        out = ["snore"]
        cheer = rules.cheer
        helicopter = rules.helicopter
        # Every form of cheer and helicopter but "two_with_six" needs the ace of trumps: most hands
        # lack it, and one look at the hand settles them.
        if (cheer or helicopter) and (
            _TRUMP_ACE.get(w.trump) in w.hands[seat] or helicopter == "two_with_six"
        ):
            trump = w.trump
            ranks = sorted([RANK[c] for c in w.hands[seat] if SUIT[c] == trump])
            if (
                cheer
                and _cheer_ranks(cheer, ranks)
                and w.stock_end - w.stock_top - w.promised >= rules.hand_size
            ):
                out.append("cheer")
            if helicopter and _helicopter_ranks(w, helicopter, ranks):
                out.append("helicopter")
        dark = rules.dark
        if dark is None:
            if rules.shoot and stock_free(w) >= 4:
                out.append("shoot")
            return out
        if _dark_ok(w, seat):
            out.append("dark")
        if rules.shoot and stock_free(w) >= 4:
            out.append("shoot")
        if dark == "wrap_swap" and not w.seen[seat] and w.trump_card is not None:
            out.append("wrap_swap")
        if dark == "blind" and not w.seen[seat]:
            out.append("blind")  # 5 table: blind frap, step S, cards unseen
        return out
    if step == "H":
        out = ["help"]
        mourn = rules.mourn
        cheer = rules.cheer == "holds_trump_ace"
        trump = w.trump
        hand = w.hands[seat]
        # Mourn needs the six of trumps, cheer the ace: without either there is nothing to look at.
        mourn = mourn and _TRUMP_SIX.get(trump) in hand
        cheer = cheer and _TRUMP_ACE.get(trump) in hand
        if mourn or cheer:
            ranks = sorted([RANK[c] for c in hand if SUIT[c] == trump])
            if mourn and ranks == [6] and stock_free(w) >= rules.hand_size:
                out.append("mourn")
        if not w.interrupted:
            if cheer and 14 in ranks and stock_free(w) >= rules.hand_size:
                out.append("cheer")
            if rules.dark == "dealer_wrap" and _wrap_ok(w, seat):
                out.append("dark")
        return out
    out = []
    if step == "F":
        five = rules.five
        free = w.stock_end - w.stock_top - w.promised
        if "five" in five and (free >= rules.five_draw or can_cut_with_trump(w)):
            out.append("five")
        if "six" in five and free >= rules.six_draw:
            out.append("six")
    return out


_STEP_WORDS = {"S": "snore or pass", "H": "help or pass", "F": "take five or pass"}


def apply_bid(w: Work, seat: int, action: Action, out: list[Event]) -> None:
    if w.need == "discard":
        discard(w, seat, action, out)
        w.need = "bid"
        _after_declaration(w, out)
        return
    do = action.do
    hidden = w.setup.hidden_dealer and hidden_wrap(w, seat)
    if do == "pass":
        if hidden:
            _decline_wrap(w, seat, out)
        _pass(w, seat, out)
        return
    step = w.step
    # is_offered, inlined: snore and help are always offered in their step.
    if not ((step == "H" and do == "help") or (step == "S" and do == "snore") or do in offers(w, seat)):
        raise illegal(_refusal(w, seat, do))
    rules = w.setup.rules
    if do == "five":
        if action.take_trump and not can_cut_with_trump(w):
            raise illegal("You cannot take the trump card with this cut.")
        if not action.take_trump and stock_free(w) < rules.five_draw:
            raise illegal("There are not enough cards left in the stock: take the trump card as one of them.")
    status = "dark" if do == "wrap_swap" else do
    # liability(w, do), inlined
    if status == "blind":
        cost = rules.liability_blind * w.b0
    else:
        cost = (rules.liability_snorer if status in SNORER_TYPES else rules.liability_helper) * w.b0
    stack = w.stacks[seat]
    if stack < cost:
        raise EngineError(
            "cannot_afford",
            f"Your stack of {stack} cannot cover the {cost} chips this status holds.",
        )
    if do == "wrap_swap":
        pos = action.position
        if pos is None or not 0 <= pos < len(w.hands[seat]):
            raise illegal(f"Pick one of your cards by its position, 0 to {len(w.hands[seat]) - 1}.")
    if hidden and do != "dark":
        _decline_wrap(w, seat, out)
    if cost:
        stacks = list(w.stacks)
        stacks[seat] = stack - cost
        w.stacks = tuple(stacks)
        holds = list(w.holds)
        holds[seat] += cost
        w.holds = tuple(holds)
    statuses = list(w.status)
    statuses[seat] = status
    w.status = tuple(statuses)
    declared = list(w.declared)
    declared[seat] = status
    w.declared = tuple(declared)
    out.append(ev.DECLARED[seat, status])
    if cost:
        out.append(ev.CHIPS["hold", seat, cost])
    if status in SNORER_TYPES:
        if step == "H":
            _displace(w, out)
        w.snorer = seat
    needs_discard = do not in _NO_EFFECTS and _effects(w, seat, do, action, out)
    if not w.seen[seat]:
        _see(w, seat, out)
    if needs_discard:
        w.need = "discard"
        w.need_n = 1
        return
    _after_declaration(w, out)


#: Declarations that move no cards when they are made.
_NO_EFFECTS = frozenset({"snore", "help", "helicopter", "blind"})


def _refusal(w: Work, seat: int, do: str) -> str:
    if do in ("exchange", "discard", "play", "name_trump", "look"):
        return f"Bidding is on: {_STEP_WORDS.get(w.step, 'bid')}."
    if do in ("help",) and w.step == "S":
        return "Nobody has snored yet: you may snore or pass."
    if do in ("five", "six") and w.step == "F" and do in w.setup.rules.five:
        return "There are not enough cards left in the stock for that."
    if do in SNORER_BIDS or do in HELPER_BIDS or do in FIVE_BIDS or do == "blind":
        return f"You cannot declare {do} now."
    return f"Bidding is on: {_STEP_WORDS.get(w.step, 'bid')}."


def _see(w: Work, seat: int, out: list[Event]) -> None:
    if not w.seen[seat]:
        w.seen = set_seat(w.seen, seat, True)
        out.append(ev.shared(ev.Looked, seat))


def _decline_wrap(w: Work, seat: int, out: list[Event]) -> None:
    w.wrap_declined = True
    _see(w, seat, out)


def _displace(w: Work, out: list[Event]) -> None:
    """5.3 / Decision 6: the displaced snorer becomes a helper; his hold shrinks to a helper's."""
    old = w.snorer
    keep = min(w.holds[old], w.setup.rules.liability_helper * w.b0)
    back = w.holds[old] - keep
    w.status = set_seat(w.status, old, "help")
    w.interrupted = True
    out.append(ev.shared(ev.StatusChanged, old, "help"))
    if back:
        w.holds = set_seat(w.holds, old, keep)
        w.stacks = set_seat(w.stacks, old, w.stacks[old] + back)
        out.append(ev.release(old, back))


def _effects(w: Work, seat: int, do: str, action: Action, out: list[Event]) -> bool:
    """Immediate card movements of a declaration; True when a discard of one card follows."""
    rules = w.setup.rules
    hand = w.hands[seat]
    if do == "shoot":
        w.promised += 4
        return False
    if do in ("five", "six"):  # 4.2 step F: these stock cards are now promised
        count = rules.six_draw if do == "six" else rules.five_draw
        if action.take_trump:  # Frap: the trump card is one of his cards (Decision 2)
            w.cut_trump = seat
            count -= 1
        w.promised += count
        return False
    if do == "wrap_swap":
        pos = action.position
        assert pos is not None and w.trump_card is not None
        given = hand[pos]
        card = w.trump_card
        w.hands = set_seat(w.hands, seat, (*hand[:pos], card, *hand[pos + 1 :]))
        w.trump_card = None
        w.discards = (*w.discards, given)
        out.append(ev.discarded(seat, 1))
        out.append(ev.shared(ev.TookTrumpCard, seat, card))
        return False
    if do == "dark" and rules.dark == "take_trump":
        card = w.trump_card
        assert card is not None
        w.hands = set_seat(w.hands, seat, (*hand, card))
        w.trump_card = None
        out.append(ev.shared(ev.TookTrumpCard, seat, card))
        return True
    if do in ("cheer", "mourn", "dark"):
        if do == "dark":  # dealer wrap: take the ace, give up the whole hand
            keep: tuple[str, ...] = (w.trump_card,)  # type: ignore[assignment]
            out.append(ev.shared(ev.TookTrumpCard, seat, w.trump_card))  # type: ignore[arg-type]
            w.trump_card = None
            gone = hand
        else:  # show the ace (six) of trumps, discard the rest
            shown = ("A" if do == "cheer" else "6") + w.trump
            keep = (shown,)
            gone = tuple([c for c in hand if c != shown])
        w.discards = w.discards + gone
        start = w.stock_top
        w.stock_top = start + rules.hand_size
        w.hands = set_seat(w.hands, seat, keep + w.setup.deck[start : w.stock_top])
        out.append(ev.DISCARDED[seat, len(gone)])
        out.append(ev.DREW[seat, rules.hand_size])
        return True
    return False


def _pass(w: Work, seat: int, out: list[Event]) -> None:
    step = w.step
    out.append(ev.DECLARED[seat, "pass"])
    # A pass in step H is final only where nobody may come back (no five/cut at all).
    if step == "F" or (step == "H" and not w.setup.rules.five):
        _final_pass(w, seat)
    queue = w.queue[1:]
    w.queue = queue
    if queue:
        return
    if step == "S":
        _end_round(w, out)
    elif step == "H":
        _finish_h(w, out)
    else:
        _finish_bidding(w, out)


def _final_pass(w: Work, seat: int) -> None:
    """4.2: a final pass takes the player out of the deal; his cards are discarded."""
    w.status = set_seat(w.status, seat, "pass")
    w.discards = w.discards + w.hands[seat]
    w.hands = set_seat(w.hands, seat, ())


def _after_declaration(w: Work, out: list[Event]) -> None:
    step = w.step
    if step == "S":
        _start_h(w, out)
        return
    queue = w.queue[1:]
    w.queue = queue
    if queue:
        return
    if step == "H":
        _finish_h(w, out)
    else:
        _finish_bidding(w, out)


def _undecided_after(w: Work, seat: int) -> tuple[int, ...]:
    """The seats still to answer (status ""), clockwise beginning left of ``seat``."""
    status = w.status
    return tuple([s for s in after(seat, w.setup.seats) if status[s] == ""])


def _start_h(w: Work, out: list[Event]) -> None:
    sn = w.snorer
    n = w.setup.seats
    status = w.status
    if status[sn] == "helicopter":
        # 5.4 / Decision 11: everyone else is a forced helper, liability capped at his stack.
        cap = w.setup.rules.liability_helper * w.b0
        for s in after(sn, n):
            if w.status[s] != "":
                continue
            amount = min(cap, w.stacks[s])
            w.status = set_seat(w.status, s, "help")
            w.declared = set_seat(w.declared, s, "forced")
            out.append(ev.shared(ev.StatusChanged, s, "help"))
            if amount:
                w.stacks = set_seat(w.stacks, s, w.stacks[s] - amount)
                w.holds = set_seat(w.holds, s, w.holds[s] + amount)
                out.append(ev.CHIPS["hold", s, amount])
        w.queue = ()
        start_play(w, out)
        return
    w.step = "H"
    w.need = "bid"
    w.queue = _undecided_after(w, sn)
    if not w.queue:
        _finish_h(w, out)


def _finish_h(w: Work, out: list[Event]) -> None:
    rules = w.setup.rules
    if rules.five and rules.five_timing == "after_exchange":
        # Frap / Khrap-5: the buying first; the passers are asked to cut when it is over.
        w.step = ""
        start_exchange(w, out)
        return
    if rules.five and rules.five_timing == "after_help":
        w.step = "F"
        w.need = "bid"
        w.queue = _undecided_after(w, w.snorer)
        if w.queue:
            return
    _finish_bidding(w, out)


def _finish_bidding(w: Work, out: list[Event]) -> None:
    cut_asked = w.step == "F" and w.setup.rules.five_timing == "after_exchange"
    players = 0
    for s, st in enumerate(w.status):
        if st == "":
            _final_pass(w, s)
        elif st != "out" and st != "pass":
            players += 1
    w.step = ""
    w.queue = ()
    if cut_asked:
        start_cut_draws(w, out)  # the exchange is over already; the cutters draw now
        return
    if players == 1:
        start_play(w, out)  # the snorer alone (4.5)
    else:
        start_exchange(w, out)


def _end_round(w: Work, out: list[Event]) -> None:
    """Everyone passed in step S: turn a new trump card (4.2) or void the deal (4.7)."""
    setup = w.setup
    rules = setup.rules
    if w.round >= rules.trump_rounds:
        finish_redeal(w, out)
        return
    if rules.trump_source == "named":
        w.round += 1  # 4.2: no card is turned; step S is simply asked again
    else:
        if not _turn_next(w, out):
            finish_redeal(w, out)
            return
    if rules.ante_each_round:
        for s in setup.dealt:
            if w.status[s] != "":
                continue
            if w.stacks[s] >= setup.stake:
                w.stacks = set_seat(w.stacks, s, w.stacks[s] - setup.stake)
                w.bank += setup.stake
                if setup.stake:
                    out.append(ev.ante(s, setup.stake))
            else:
                w.status = set_seat(w.status, s, "out")
                w.discards = w.discards + w.hands[s]
                w.hands = set_seat(w.hands, s, ())
        w.b0 = w.bank
        if w.status.count("") < 2:
            finish_redeal(w, out)
            return
    w.step = "S"
    w.need = "bid"
    status = w.status
    w.queue = tuple([s for s in setup.dealt if status[s] == ""])


def _turn_next(w: Work, out: list[Event]) -> bool:
    """Turn the next trump card (skipping old suits with ``new_trump_suit``); False if the stock
    cannot supply one."""
    rules = w.setup.rules
    if w.trump_card is not None:
        w.turned = (*w.turned, w.trump_card)
        w.trump_card = None
    deck = w.setup.deck
    while True:
        if w.stock_top >= w.stock_end:
            return False
        card = deck[w.stock_top]
        w.stock_top += 1
        if rules.new_trump_suit and SUIT[card] in w.trump_suits:
            w.turned = (*w.turned, card)
            out.append(ev.shared(ev.TrumpTurned, card))
            continue
        break
    w.trump_card = card
    w.trump = SUIT[card]
    w.trump_suits = w.trump_suits + SUIT[card]
    w.round += 1
    w.wrap_declined = False
    out.append(ev.shared(ev.TrumpTurned, card))
    return True
