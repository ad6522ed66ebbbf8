"""Deals: start one (shuffle, antes, dealer, bank carried over, redeals), finish one, keep its clock.

A deal's engine seats are the seats taken when it starts, in position order (``Deal.players``); an
empty chair is not an engine seat, so the engine's rules about who antes and who sits out apply to
people only.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.db import connection, transaction
from django.db.models import BigIntegerField, Case, F, Value, When
from django.utils import timezone

from club.services import audit_log_write
from ledger.models import Account
from ledger.services import account_bank

from .. import conf
from ..engine import EngineError, Rules, State, deal_start_events, is_over, new_deal, to_act
from ..engine.fairness import deck_seed, first_dealer
from ..engine.shuffle import commitment, shuffled_deck
from ..jobs import deadline_on_commit, deal_finished_on_commit, next_deal_on_commit
from ..models import Deal, DealPlayer, Seat, SeedContribution, TableSession
from ..prepared import Prepared, first_of
from . import booking
from .access import seats_taken
from .notify import table_notify_on_commit
from .snapshots import FORMAT, state_dump, state_load

#: Deals a player may stay away for before he is stood up (his stack back in his wallet).
AWAY_DEALS_BEFORE_STANDING_UP = 2
#: Why the clock stood up a player away that long (stored in English; club.models.SYSTEM_REASONS).
AWAY_TWO_DEALS_REASON = "away for two deals in a row"


def session_rules(session: TableSession) -> Rules:
    return Rules.from_json(session.rules)


#: Engine states of deals as committed, by (deal, seed, seq, snapshot format): a snapshot changes
#: only with its deal's ``seq`` (``acting._apply``), so the key names one state for good, and the
#: seed tells a deal apart from another that took a rolled-back one's id. Each move used to decode
#: the snapshot its previous move had just written, twice (the move, the table update).
_STATES: OrderedDict[tuple[int, str, int, int], State] = OrderedDict()
_STATES_LOCK = threading.Lock()
STATES_KEPT = 1024


def _state_key(deal: Deal) -> tuple[int, str, int, int]:
    return (deal.pk, deal.seed, deal.seq, deal.snapshot_format)


def _state_remember(key: tuple[int, str, int, int], state: State) -> None:
    with _STATES_LOCK:
        _STATES[key] = state
        _STATES.move_to_end(key)
        while len(_STATES) > STATES_KEPT:
            _STATES.popitem(last=False)


def deal_state(deal: Deal) -> State:
    key = _state_key(deal)
    with _STATES_LOCK:
        known = _STATES.get(key)
    if known is not None:
        return known
    state = state_load(deal.state, rules=deal.session.rules, snapshot_format=deal.snapshot_format)
    if deal.pk is not None and not connection.in_atomic_block:  # only what is committed is remembered
        _state_remember(key, state)
    return state


def deal_state_on_commit(deal: Deal, state: State) -> None:
    """``state`` is the deal's state at its current ``seq`` once this transaction commits."""
    key = _state_key(deal)
    transaction.on_commit(lambda: _state_remember(key, state))


_RUNNING = Prepared(
    lambda session_id: first_of(Deal.objects.filter(session_id=session_id, finished_at__isnull=True))
)
_SEATS = Prepared(lambda ids: Seat.objects.select_related("member__user", "session__club").filter(pk__in=ids))
_SEATS_OF_SESSION = Prepared(lambda ids: Seat.objects.select_related("member__user").filter(pk__in=ids))


def deal_running(session: TableSession) -> Deal | None:
    return _RUNNING.first(session.pk)


def deal_players(deal: Deal) -> list[Seat]:
    """The seats of a deal in engine order (engine seat i is ``players[i]``)."""
    if Deal.session.is_cached(deal):
        # Each seat's table is the deal's, read already: not joined again (its rules are the
        # biggest JSON of the row, decoded once per seat).
        seats = _SEATS_OF_SESSION(list(deal.players))
        for seat in seats:
            seat.session = deal.session
    else:
        seats = _SEATS(list(deal.players))
    by_id = {seat.pk: seat for seat in seats}
    return [by_id[pk] for pk in deal.players]


def seat_dealt_in(deal: Deal, seat_id: int) -> bool:
    """Whether the seat was dealt into ``deal``. ``deal.players`` holds every seat the deal was made
    for, and one that sits it out (he sat down to a full bank, or could not pay his ante) is one of
    them: no cards and no chips of his are in it, so nothing of it waits for him."""
    if seat_id not in deal.players:
        return False
    return deal.players.index(seat_id) in deal_state(deal).setup.dealt


def bank_balance(session: TableSession) -> int:
    account = account_bank(club=session.club, table_id=session.pk)
    return Account.objects.filter(pk=account.pk).values_list("balance", flat=True).get()


def turn_deadline(
    session: TableSession, state: State, players: Sequence[Seat], now: datetime
) -> datetime | None:
    """When the seat to act must have answered: its turn time, or soon for a bot or an away seat."""
    seat = to_act(state)
    if seat is None:
        return None
    holder = players[seat]
    if holder.is_bot:
        return now + timedelta(seconds=conf.bot_delay())
    if holder.status == Seat.Status.AWAY:
        return now + timedelta(seconds=conf.away_delay())
    return now + timedelta(seconds=session.turn_seconds)


def _present_person(seats: Sequence[Seat]) -> bool:
    return any(not s.is_bot and s.status == Seat.Status.SITTING for s in seats)


def _not_dealing(session: TableSession) -> None:
    """No deal starts now: the table waits (for players, chips, or its start)."""
    if session.status == TableSession.Status.RUNNING:
        session.status = TableSession.Status.OPEN
    session.save(update_fields=["next_deal_at", "status"])


def deal_start(*, session: TableSession, now: datetime | None = None) -> Deal | None:
    """Start the next deal if the table can play one; the caller holds the session lock.

    The seats taken and not away are dealt in (an away player sits new deals out: his chips are not
    anted for him); a person must be dealt in (bots never play among themselves), within the
    preset's player range. Players who sat down while the bank held chips wait for an empty bank,
    unless without them nobody could play (the bots alone, or fewer than two): then they join, rather
    than the table stopping for good. People present who cannot pay their ante deal nothing.
    If still fewer than two can pay, a bank left from earlier deals is shared among the players dealt
    into the last deal, so its chips are not stuck, and the table waits for players or chips."""
    now = now or timezone.now()
    session.next_deal_at = None
    ended = session.ends_at is not None and now >= session.ends_at
    if not session.is_live or session.started_at is None or ended or deal_running(session) is not None:
        _not_dealing(session)
        return None
    seats = [s for s in seats_taken(session) if s.status != Seat.Status.AWAY]
    rules = session_rules(session)
    if not session.practice and any(s.bot for s in seats):
        seats = _broke_bots_stood_up(session, seats, rules, now)
    if (
        len(seats) < max(session.min_players, rules.min_players)
        or len(seats) > rules.max_players
        or not _present_person(seats)
    ):
        _not_dealing(session)
        return None
    last = Deal.objects.filter(session=session).order_by("-number").first()
    positions = [s.position for s in seats]
    stacks = [booking.seat_stack_balance(s) for s in seats]
    if session.practice:
        # Practice chips are the treasury's: a bot that lost its buy-in buys in again, or it sat
        # every deal out and the table stopped dealing for want of players (review 148).
        number = (last.number + 1) if last else 1
        for i, s in enumerate(seats):
            if s.bot and stacks[i] < session.stake:
                stacks[i] = booking.bot_buy_in_again(seat=s, stack=stacks[i], deal_number=number)
    seed, promised = pending_seed_take(session)
    # The strings of the players of the seats this deal is made for (dealt in or waiting), one a seat,
    # in seat order. Review 152: the record names each string's seat and the verifiers check that the
    # seats go up and none is a bot's, so a server cannot reorder the strings or add one of its own. A
    # string is its player's (``seed_contribute`` takes one a player), so one given from a seat he has
    # left since counts at the seat he holds now; a player not at this deal (away, or gone) has no
    # seat of it to be checked against, and his string is not mixed in: the Fairness page tells him he
    # had no seat in the deal rather than that his string was left out.
    given: dict[int, SeedContribution] = {}
    for c in (
        SeedContribution.objects.filter(session=session, commitment=promised)
        .select_related("seat")
        .order_by("pk")
    ):
        if c.seat.member_id is not None:
            given.setdefault(c.seat.member_id, c)
    contributions = [
        (s, given[s.member_id]) for s in seats if s.member_id is not None and s.member_id in given
    ]
    mixed = deck_seed(seed, [c.value for _s, c in contributions])
    if session.next_dealer is None:
        # RULES.md 3: the first dealer is drawn at random; from the deal's own seed, as the deck is, so
        # the server cannot choose it once it knows the deck (the Fairness page checks it).
        dealer = first_dealer(mixed, len(seats))
    else:
        # The seat due to deal, or the next taken one clockwise if it stood up.
        later = [i for i, p in enumerate(positions) if p >= session.next_dealer]
        dealer = later[0] if later else 0
    deck = shuffled_deck(mixed, rules.deck_for(len(seats)))
    bank = bank_balance(session)
    waiting = [i for i, s in enumerate(seats) if s.waiting]
    state = None
    for wait in (waiting, []) if waiting else (waiting,):
        try:
            state = new_deal(
                rules,
                stake=int(session.stake),
                stacks=stacks,
                bank=bank,
                dealer=dealer,
                deck=deck,
                waiting=wait,
                redeal=last is not None and last.result == "redeal",
            )
        except EngineError:
            continue
        if wait and not _present_person([seats[i] for i in state.setup.dealt]):
            # The people present all wait (one alone with bots, at a bank its players left): the
            # bots were dealt deal after deal among themselves. Without them nobody could play.
            state = None
            continue
        break
    if state is not None and not _present_person([seats[i] for i in state.setup.dealt]):
        # Nor when the people present cannot pay their ante: the bots beside a player gone broke
        # were dealt deal after deal against each other, for as long as he sat there.
        _not_dealing(session)
        return None
    if state is None:
        if bank > 0 and last is not None:
            from .closing import table_bank_share

            table_bank_share(session=session, deal=last)
            session.next_deal_at = now + timedelta(seconds=conf.first_deal_pause())
        _not_dealing(session)
        return None
    opening = deal_start_events(state)
    deal = Deal.objects.create(
        session=session,
        opening=[e.to_json() for e in opening],
        number=(last.number + 1) if last else 1,
        players=[s.pk for s in seats],
        dealer=dealer,
        dealer_from_seed=session.next_dealer is None,
        commitment=promised,
        seed=seed.hex(),
        # ``seat``: the deal's seat of the player who gave it (review 152): the export names it.
        contributions=[
            {"position": s.position, "value": c.value, "seat": s.pk} for s, c in contributions
        ],
        state=state_dump(state),
        snapshot_format=FORMAT,
        seq=0,
        started_at=now,
    )
    booking.deal_book(session=session, deal_id=deal.pk, seq=0, events=opening, players=seats)
    DealPlayer.objects.bulk_create(
        DealPlayer(deal=deal, seat=s, member_id=s.member_id, engine_seat=i, status=state.status[i])
        for i, s in enumerate(seats)
    )
    pending_seed_draw(session)
    dealt = set(state.setup.dealt)
    Seat.objects.filter(pk__in=[s.pk for i, s in enumerate(seats) if i in dealt and s.waiting]).update(
        waiting=False
    )
    if bank == 0:
        # An ante deal: whoever sits it out (away) pays nothing into the bank it starts, so he waits
        # for the next empty bank like a newcomer (RULES.md 3), or "away" would dodge every ante.
        Seat.objects.filter(session=session).exclude(status=Seat.Status.LEFT).exclude(
            pk__in=[s.pk for i, s in enumerate(seats) if i in dealt]
        ).update(waiting=True)
    deal.deadline = turn_deadline(session, state, seats, now)
    deal.save(update_fields=["deadline"])
    deadline_on_commit(deal)
    session.status = TableSession.Status.RUNNING
    session.save(update_fields=["status", "next_deal_at", "next_seed", "next_commitment"])
    return deal


def _broke_bots_stood_up(session: TableSession, seats: list[Seat], rules: Rules, now: datetime) -> list[Seat]:
    """``seats`` without the bots of a real table that cannot pay the ante the coming deal asks for,
    stood up now: such a bot sat every deal out and held its seat for as long as the table ran, its
    manager not told (review 155). Its last chips go back to the treasury they came from; buying
    in again, as a practice table's bot does (review 148), would make new chips for the members.
    The club's log says so, and its free seat tells the table why. A bot short of the ante into a
    bank that asks none plays on: it may still win."""
    from .seating import seat_stand_up

    last = Deal.objects.filter(session=session).order_by("-number").values_list("result", flat=True).first()
    redeal = last == "redeal"
    # As ``new_deal`` decides who antes (the engine's own rule, read here before the deal is made).
    must_ante = (
        rules.ante_policy == "every_deal" or bank_balance(session) == 0 or (redeal and rules.ante_on_redeal)
    )
    if not must_ante:
        return seats
    kept = []
    for seat in seats:
        stack = booking.seat_stack_balance(seat) if seat.bot else None
        if stack is None or stack >= session.stake:
            kept.append(seat)
            continue
        seat_stand_up(seat=seat, now=now, because=Seat.LeftBecause.CHIPS)
        audit_log_write(
            action="table.bot_out_of_chips",
            actor=None,
            club=session.club,
            target=session.title,
            data={"table": session.pk, "position": seat.position + 1, "bot": seat.bot_name, "amount": stack},
        )
        table_notify_on_commit(session.pk)
    return kept


def pending_seed_draw(session: TableSession) -> None:
    """Draw the next deal's secret seed and publish its commitment (saved by the caller)."""
    seed = secrets.token_bytes(32)
    session.next_seed = seed.hex()
    session.next_commitment = commitment(seed)


def pending_seed_take(session: TableSession) -> tuple[bytes, str]:
    """The seed promised for the deal about to start, and its commitment (drawn now if none was)."""
    if not session.next_seed:
        pending_seed_draw(session)
    return bytes.fromhex(session.next_seed), session.next_commitment


def deal_finish(
    *,
    session: TableSession,
    deal: Deal,
    state: State,
    players: Sequence[Seat],
    now: datetime,
    unsaved: Sequence[str] = (),
) -> None:
    """A deal is over: record its outcome (the seed is revealed with it), schedule the next deal and
    stand up the players who asked to leave. The caller holds the session lock. ``unsaved``: fields
    of ``deal`` the caller changed and leaves to be saved with the outcome (one write of the row)."""
    from .closing import home_accounts_first, table_after_stand_up
    from .schedule import session_close
    from .seating import own_leave_logged, seat_stand_up

    assert is_over(state)
    out = state.outcome
    assert out is not None
    deal.finished_at = now
    deal.result = out.result
    deal.outcome = {**out.to_json(), "stacks": list(out.stacks)}
    deal.deadline = None
    # Saved before anyone stands up: what follows must see this deal as over.
    deal.save(update_fields=[*unsaved, "finished_at", "result", "outcome", "deadline"])
    start = state.setup.start_stacks
    seats = range(len(start))
    # Every player's row in one statement (a write per row cost a round trip per player).
    DealPlayer.objects.filter(deal=deal).update(
        status=Case(*(When(engine_seat=i, then=Value(out.statuses[i])) for i in seats), default=F("status")),
        net=Case(
            *(When(engine_seat=i, then=Value(out.stacks[i] - start[i])) for i in seats),
            default=F("net"),
            output_field=BigIntegerField(),
        ),
    )
    deal_finished_on_commit(deal)  # the players' stats
    session.next_dealer = players[out.next_dealer].position
    session.next_deal_at = now + timedelta(seconds=conf.deal_pause())
    session.save(update_fields=["next_dealer", "next_deal_at"])
    next_deal_on_commit(session)
    leaving = [seat for seat in players if seat.leave_after_deal and seat.status != Seat.Status.LEFT]
    if session.ends_at is not None and now >= session.ends_at:
        # The session's time is up: this was its last deal. A "Leave" pressed during it is still
        # his own stand-up in the club's log, not only the table's close.
        session_close(session=session, now=now)
        for seat in _own_leaves(leaving):
            own_leave_logged(session, seat, seat.member.user)
        return
    # A player away for two deals in a row goes home (his chips with him) after the second.
    away_gone = []
    for seat in seats_taken(session).filter(status=Seat.Status.AWAY).select_related("member__user"):
        seat.away_deals += 1
        seat.save(update_fields=["away_deals"])
        if seat.away_deals >= AWAY_DEALS_BEFORE_STANDING_UP and seat.pk not in {s.pk for s in leaving}:
            leaving.append(seat)
            away_gone.append(seat)
    home_accounts_first(session, leaving)  # a bot taken off and a player going home: see there
    # His own "Leave" pressed during the deal: the club's log names it when it is done, as it names
    # a leave between deals (a manager's and the inactivity sweep's are named when they are asked).
    own_leave = _own_leaves(leaving)
    for seat in leaving:
        seat_stand_up(seat=seat, now=now, because=_left_because(seat, away_gone))
    if leaving:
        table_after_stand_up(session=session, now=now)
    for seat in own_leave:
        if seat not in away_gone:
            own_leave_logged(session, seat, seat.member.user)
    for seat in away_gone:
        # The club's log names every other stand-up (his own, a manager's, the inactivity sweep's):
        # a member asking why his seat went had nothing to show (review 70).
        audit_log_write(
            action="table.stood_up",
            actor=None,
            club=session.club,
            target_user=seat.member.user if seat.member_id is not None else None,
            target=session.title,
            data={"table": session.pk, "position": seat.position + 1, "reason": AWAY_TWO_DEALS_REASON},
        )


def _own_leaves(leaving: Sequence[Seat]) -> list[Seat]:
    """The seats of ``leaving`` whose players pressed "Leave" themselves (not a manager's stand-up,
    not the inactivity sweep's)."""
    return [
        seat for seat in leaving if seat.member_id is not None and not seat.removed and not seat.idle_leave
    ]


def _left_because(seat: Seat, away_gone: Sequence[Seat]) -> str:
    """Why a seat leaving at a deal's end leaves (a manager's or the club's stand-up said so when it
    was decided: ``seat_stand_up`` keeps that)."""
    if seat in away_gone:
        return Seat.LeftBecause.AWAY
    if seat.idle_leave:
        return Seat.LeftBecause.IDLE
    return Seat.LeftBecause.OWN if seat.member_id is not None else ""
