"""The play of the tricks (RULES.md 4.4 instant win, 4.5 play, 5.9 Student joker)."""

from __future__ import annotations

from . import events as ev
from ._base import FIVE_TYPES, NOT_IN_DEAL, after, bad_cards, illegal, ring
from .actions import PLAY, PLAY_JOKER, PLAY_SEVEN, Action
from .cards import RANK, SUIT
from .events import Event
from .settle import finish_played
from .state import State, Work

JOKER = "7S"


def start_play(w: Work, out: list[Event]) -> None:
    """Bidding and exchange are over: claim an instant win (Decision 10) or set up trick 1."""
    setup = w.setup
    rules = setup.rules
    n = setup.seats
    players = [s for s in range(n) if w.status[s] not in NOT_IN_DEAL]
    w.phase = "play"
    w.step = ""
    if not all(w.seen[s] for s in players):
        # Forced helicopter helpers may not have looked yet: cards are picked up to be played.
        seen = list(w.seen)
        for s in players:
            if not seen[s]:
                seen[s] = True
                out.append(ev.Looked(s))
        w.seen = tuple(seen)
    if len(players) == 1:
        # 4.5: the snorer alone takes every trick without play.
        w.tricks = tuple(rules.hand_size if s == players[0] else 0 for s in range(n))
        finish_played(w, out)
        return
    if rules.instant_win:
        winner = _instant_winner(w, players, rules.instant_win)
        if winner is not None:
            w.tricks = tuple(rules.hand_size if s == winner else 0 for s in range(n))
            out.append(ev.InstantWin(winner))
            finish_played(w, out, "instant_win")
            return
    sn = w.snorer
    others = after(sn, n)
    fives = [s for s in others if w.status[s] in FIVE_TYPES]
    leader = sn if w.status[sn] == "helicopter" or not fives else fives[0]
    if rules.first_trick_order == "fives_snorer_rest":
        rest = (s for s in others if s not in fives and w.status[s] not in NOT_IN_DEAL)
        order = (*fives, sn, *rest)
    else:
        order = tuple(s for s in ring(leader, n) if w.status[s] not in NOT_IN_DEAL)
    w.leader = leader
    w.queue = order
    w.need = "play"


def _instant_winner(w: Work, players: list[int], kind: str) -> int | None:
    """4.4: four aces, or four of a kind (the higher rank wins when two players have one)."""
    best: tuple[int, int] | None = None
    for s in players:
        counts: dict[int, int] = {}
        for c in w.hands[s]:
            r = RANK[c]
            counts[r] = counts.get(r, 0) + 1
        for r, k in counts.items():
            if k >= 4 and (kind == "four_of_a_kind" or r == 14) and (best is None or r > best[0]):
                best = (r, s)
    return None if best is None else best[1]


def allowed_cards(state: State | Work, seat: int) -> tuple[str, ...]:
    """Cards ``seat`` may play now by 4.5 (the joker's "as joker" use is always allowed on top)."""
    hand = state.hands[seat]
    trick = state.trick
    if not trick:
        return hand
    trump = state.trump
    if trick[0][2]:  # the joker was led: trump if you can (5.9)
        trumps = tuple(c for c in hand if SUIT[c] == trump)
        return trumps or hand
    led = SUIT[trick[0][1]]
    follow = tuple(c for c in hand if SUIT[c] == led)
    if follow:
        return follow
    trumps = tuple(c for c in hand if SUIT[c] == trump)
    return trumps or hand


def legal_plays(state: State, seat: int) -> list[Action]:
    allowed = allowed_cards(state, seat)
    if not state.setup.rules.joker or JOKER not in state.hands[seat]:
        return [PLAY[c] for c in allowed]
    acts: list[Action] = []
    for c in allowed:
        if c == JOKER:
            continue
        acts.append(PLAY[c])
    acts.append(PLAY_JOKER)
    if JOKER in allowed:
        acts.append(PLAY_SEVEN)
    return acts


def apply_play(w: Work, seat: int, action: Action, out: list[Event]) -> None:
    card = action.card
    if action.do != "play":
        raise illegal("It is time to play a card.")
    if card is None or card not in RANK:
        raise bad_cards("Say which card you play.")
    hand = w.hands[seat]
    if card not in hand:
        raise bad_cards(f"You do not hold {card}.")
    joker = False
    if w.setup.rules.joker and card == JOKER:
        if action.as_ not in ("joker", "seven"):
            raise illegal("Say whether you play the 7♠ as the joker or as a seven.")
        joker = action.as_ == "joker"
    elif action.as_ is not None:
        raise illegal("Only the 7♠ in the Student game can be played as something else.")
    if not joker and w.trick and card not in allowed_cards(w, seat):
        raise illegal(_why_not(w, seat))
    hands = w.hands
    w.hands = (*hands[:seat], tuple([c for c in hand if c != card]), *hands[seat + 1 :])
    played = w.played
    w.played = (*played[:seat], (*played[seat], card), *played[seat + 1 :])
    w.trick = (*w.trick, (seat, card, joker))
    out.append(ev.Played(seat, card, action.as_))
    queue = w.queue[1:]
    if queue:
        w.queue = queue
        return
    winner = trick_winner(w.trick, w.trump)
    tricks = w.tricks
    w.tricks = (*tricks[:winner], tricks[winner] + 1, *tricks[winner + 1 :])
    w.trick_no += 1
    w.last_trick = w.trick
    w.trick = ()
    out.append(ev.TrickWon(winner, w.trick_no))
    if w.trick_no >= w.setup.rules.hand_size:
        w.queue = ()
        finish_played(w, out)
        return
    w.leader = winner
    status = w.status
    w.queue = tuple(s for s in ring(winner, w.setup.seats) if status[s] not in NOT_IN_DEAL)


def trick_winner(trick: tuple[tuple[int, str, bool], ...], trump: str) -> int:
    """4.5: the joker, else the highest trump, else the highest card of the led suit."""
    for seat, _card, joker in trick:
        if joker:
            return seat
    led = SUIT[trick[0][1]]
    best_seat = trick[0][0]
    best = -1
    for seat, card, _j in trick:
        s = SUIT[card]
        value = RANK[card] + (100 if s == trump else 0 if s == led else -100)
        if value > best:
            best = value
            best_seat = seat
    return best_seat


def _why_not(w: Work, seat: int) -> str:
    trick = w.trick
    if trick[0][2]:
        return "The joker was led: you must play a trump."
    led = SUIT[trick[0][1]]
    if any(SUIT[c] == led for c in w.hands[seat]):
        return "You must follow suit."
    return "You cannot follow suit, so you must play a trump."
