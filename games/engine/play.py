"""The play of the tricks (RULES.md 4.4 instant win, 4.5 play, 5.9 Student joker).

Plain plays go through the compact play states of ``tricks.py``; this module sets up trick 1, and
plays on full states whatever ``tricks.py`` leaves to it (the Student joker, a refused card).
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from . import events as ev
from . import tricks
from ._base import FIVE_TYPES, NOT_IN_DEAL, after, bad_cards, illegal, ring
from .actions import PLAY, PLAY_JOKER, PLAY_SEVEN, Action
from .cards import RANK, SUIT
from .events import Event
from .settle import finish_played
from .state import State, Work, fields_of

JOKER = "7S"
#: The cards of a trick in play order: (seat, card, played as the joker).
Trick = tuple[tuple[int, str, bool], ...]


def start_play(w: Work, out: list[Event]) -> None:
    """Bidding and exchange are over: claim an instant win (Decision 10) or set up trick 1."""
    setup = w.setup
    rules = setup.rules
    n = setup.seats
    status = w.status
    seen = w.seen
    players: list[int] = []  # in seat order
    unseen = False
    for s in range(n):
        if status[s] not in NOT_IN_DEAL:
            players.append(s)
            if not seen[s]:
                unseen = True
    w.phase = "play"
    w.step = ""
    if unseen:
        # Forced helicopter helpers may not have looked yet: cards are picked up to be played.
        now = list(seen)
        for s in players:
            if not now[s]:
                now[s] = True
                out.append(ev.shared(ev.Looked, s))
        w.seen = tuple(now)
    if len(players) == 1:
        # 4.5: the snorer alone takes every trick without play.
        w.tricks = tuple([rules.hand_size if s == players[0] else 0 for s in range(n)])
        finish_played(w, out)
        return
    if rules.instant_win:
        winner = _instant_winner(w.hands, players, rules.instant_win)
        if winner is not None:
            w.tricks = tuple([rules.hand_size if s == winner else 0 for s in range(n)])
            out.append(ev.shared(ev.InstantWin, winner))
            finish_played(w, out, "instant_win")
            return
    sn = w.snorer
    others = after(sn, n)
    fives = [s for s in others if status[s] in FIVE_TYPES]
    leader = sn if status[sn] == "helicopter" or not fives else fives[0]
    if rules.first_trick_order == "fives_snorer_rest":
        rest = (s for s in others if s not in fives and status[s] not in NOT_IN_DEAL)
        order = (*fives, sn, *rest)
    else:
        k = players.index(leader)  # the players clockwise from the leader
        order = (*players[k:], *players[:k])
    w.leader = leader
    w.queue = order
    w.need = "play"


def _instant_winner(hands: tuple[tuple[str, ...], ...], players: list[int], kind: str) -> int | None:
    """4.4: four aces, or four of a kind (the higher rank wins when two players have one)."""
    if kind == "four_aces":
        for s in players:
            hand = hands[s]
            if "AS" in hand and "AH" in hand and "AD" in hand and "AC" in hand:
                return s
        return None
    best_rank = 0
    best_seat: int | None = None
    for s in players:
        hand = hands[s]
        if len(hand) < 4:
            continue
        ranks = [RANK[c] for c in hand]
        for r in set(ranks):
            if r > best_rank and ranks.count(r) >= 4:
                best_rank, best_seat = r, s
    return best_seat


def allowed_cards(state: State | Work, seat: int) -> tuple[str, ...]:
    """Cards ``seat`` may play now by 4.5 (the joker's "as joker" use is always allowed on top)."""
    hand = state.hands[seat]
    trick = state.trick
    if not trick:
        return hand
    trump = state.trump
    if trick[0][2]:  # the joker was led: trump if you can (5.9)
        return _of_suit(hand, trump) or hand
    return _of_suit(hand, SUIT[trick[0][1]]) or _of_suit(hand, trump) or hand


def _of_suit(hand: tuple[str, ...], suit: str) -> tuple[str, ...]:
    """The cards of ``suit`` in ``hand``, in hand order (filtered in C: this runs at every play)."""
    return tuple(compress(hand, map(suit.__eq__, map(_SUIT_OF, hand))))


_SUIT_OF = SUIT.__getitem__
_PLAY_OF = PLAY.__getitem__


def legal_plays(state: State, seat: int) -> list[Action]:
    hand = state.hands[seat]
    if state.setup.rules.joker and JOKER in hand:
        return _joker_plays(state, seat)
    trick = state.trick
    if not trick:
        return list(map(_PLAY_OF, hand))
    trump = state.trump
    lead = trick[0]
    if lead[2]:
        allowed = _of_suit(hand, trump) or hand
    else:
        allowed = _of_suit(hand, SUIT[lead[1]]) or _of_suit(hand, trump) or hand
    return list(map(_PLAY_OF, allowed))


def _joker_plays(state: State, seat: int) -> list[Action]:
    """Student, 7♠ in hand: the ordinary plays, then the joker, then the 7♠ as a seven if allowed."""
    allowed = allowed_cards(state, seat)
    acts = [PLAY[c] for c in allowed if c != JOKER]
    acts.append(PLAY_JOKER)
    if JOKER in allowed:
        acts.append(PLAY_SEVEN)
    return acts


def play_card(state: State, seat: int, action: Action) -> tuple[State, tuple[Event, ...]]:
    """``seat`` (who is to act, in the play phase) plays ``action.card``.

    A plain legal play goes through the compact form of tricks.py; anything else (and a deal that
    cannot use it) through the full state, which has every refusal.
    """
    core = state._play
    if action.do == "play":
        if core is None:
            core = tricks.core_of(state.__dict__)
        if core is not None:
            done = tricks.play(state, core, seat, action)
            if done is not None:
                return done
    return _play_full(fields_of(state), seat, action)


def _play_full(d: dict[str, Any], seat: int, action: Action) -> tuple[State, tuple[Event, ...]]:
    """``play_card`` on the state's fields ``d`` (a private copy: it is changed and kept)."""
    card = action.card
    if action.do != "play":
        raise illegal("It is time to play a card.")
    hands = d["hands"]
    hand = hands[seat]
    if card not in hand:
        if card is None or card not in RANK:
            raise bad_cards("Say which card you play.")
        raise bad_cards(f"You do not hold {card}.")
    as_ = action.as_
    joker = False
    if card == JOKER and d["setup"].rules.joker:
        if as_ not in ("joker", "seven"):
            raise illegal("Say whether you play the 7♠ as the joker or as a seven.")
        joker = as_ == "joker"
    elif as_ is not None:
        raise illegal("Only the 7♠ in the Student game can be played as something else.")
    trick = d["trick"]
    if trick and not joker:
        _check_follow(trick, hand, card, d["trump"])
    w = Work.adopt(d)
    at = hand.index(card)
    w.hands = (*hands[:seat], hand[:at] + hand[at + 1 :], *hands[seat + 1 :])
    played = w.played
    w.played = (*played[:seat], (*played[seat], card), *played[seat + 1 :])
    w.trick = (*trick, (seat, card, joker))
    out: list[Event] = [ev.played(seat, card, as_)]
    queue = w.queue[1:]
    if queue:
        w.queue = queue
        return w.freeze(), tuple(out)
    winner = trick_winner(w.trick, w.trump)
    tricks_won = w.tricks
    w.tricks = (*tricks_won[:winner], tricks_won[winner] + 1, *tricks_won[winner + 1 :])
    w.trick_no += 1
    w.last_trick = w.trick
    w.trick = ()
    out.append(ev.TRICK_WON[winner, w.trick_no])
    if w.trick_no >= w.setup.rules.hand_size:
        w.queue = ()
        finish_played(w, out)
        return w.freeze(), tuple(out)
    w.leader = winner
    status = w.status
    w.queue = tuple([s for s in ring(winner, w.setup.seats) if status[s] not in NOT_IN_DEAL])
    return w.freeze(), tuple(out)


def _check_follow(trick: Trick, hand: tuple[str, ...], card: str, trump: str) -> None:
    """4.5 / 5.9: refuse ``card`` if the hand holds a card the rules put before it."""
    s = SUIT[card]
    lead = trick[0]
    if lead[2]:  # the joker was led: a trump if you have one
        if s != trump and trump in map(_SUIT_OF, hand):
            raise illegal(_why_not(trick, hand))
        return
    led = SUIT[lead[1]]
    if s == led:
        return
    if led in map(_SUIT_OF, hand) or (s != trump and trump in map(_SUIT_OF, hand)):
        raise illegal(_why_not(trick, hand))


def trick_winner(trick: Trick, trump: str) -> int:
    """4.5: the joker, else the highest trump, else the highest card of the led suit."""
    for seat, _card, joker in trick:
        if joker:
            return seat
    return tricks.winner_without_joker(trick, trump)


def _why_not(trick: Trick, hand: tuple[str, ...]) -> str:
    if trick[0][2]:
        return "The joker was led: you must play a trump."
    led = SUIT[trick[0][1]]
    if any(SUIT[c] == led for c in hand):
        return "You must follow suit."
    return "You cannot follow suit, so you must play a trump."
