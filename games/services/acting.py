"""``table_act``: the one way a deal advances, for people, the turn clock and bots alike.

The acting seat may only choose among the actions of its own view (``observe(state, seat)``): the
engine would accept a hand-dependent bid from a player who has not looked at his cards, and its
refusal would tell him what he holds. A stale ``seq`` (the client acted on an older view, or a timer
fired after somebody moved) is refused and changes nothing.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils import timezone

from club.db_errors import connection_lost
from club.models import User
from club.services import memberships_due, memberships_expire

from ..autoplay import default_move
from ..engine import Action, EngineError, State, apply, is_over, observe, to_act
from ..engine.bots import BasicBot
from ..jobs import deadline_on_commit
from ..models import Deal, DealAction, DealPlayer, Seat, TableSession
from . import booking, move_write
from .access import member_require_active, membership_require_active, seat_of, session_lock
from .clock_resume import clock_beat
from .dealing import (
    deal_finish,
    deal_players,
    deal_running,
    deal_start,
    deal_state,
    deal_state_on_commit,
    turn_deadline,
)
from .errors import TableError
from .notify import table_notify_on_commit
from .schedule import schedule_due_querysets, schedule_tick
from .seating import seat_idle_leave_cancel
from .snapshots import state_dump

Actor = DealAction.Actor
logger = logging.getLogger("games.clock")
#: A deal or table whose clock work failed is looked at again after this long.
QUARANTINE = timedelta(seconds=60)


@dataclass(frozen=True)
class ActResult:
    deal_id: int
    seq: int
    action: Action
    over: bool


def _same(requested: Action, offered: Mapping[str, Any]) -> bool:
    """Does the request name this offered action? Cards given up are a set; draws keep their order."""
    if requested.do != offered["do"]:
        return False
    cards = offered.get("cards", ())
    everything_top = ["top"] * len(cards)  # SCENARIOS.md: without "from" every card comes from the top
    return (
        sorted(requested.cards) == sorted(cards)
        and requested.card == offered.get("card")
        and requested.position == offered.get("position")
        and requested.suit == offered.get("suit")
        and (list(requested.sources) or everything_top) == (list(offered.get("from", ())) or everything_top)
        and requested.as_ == offered.get("as")
        and requested.take_trump == bool(offered.get("take_trump", False))
    )


def legal_match(requested: Action, view: Mapping[str, Any]) -> Action:
    """The offered action the request names, as the engine spells it; ``TableError`` otherwise."""
    for offered in view["legal_actions"]:
        if _same(requested, offered):
            return Action.from_json(offered)
    if view["to_act"] != view["seat"] and requested.do != "look":
        raise TableError("not_your_turn")
    if requested.do in ("exchange", "discard"):
        # His exchange or discard with a card too many or too few (the plain form sends whatever
        # was ticked): "not allowed now" left him guessing what was.
        counts = sorted({len(a.get("cards", ())) for a in view["legal_actions"] if a["do"] == requested.do})
        if counts and len(requested.cards) not in counts:
            low, high = counts[0], counts[-1]
            words = "card_count" if low != high else f"card_count_{requested.do}"
            raise TableError("card_count", words=words, low=low, high=high)
    raise TableError("illegal_action")


def _apply(
    *,
    session: TableSession,
    deal: Deal,
    seat: int,
    requested: Action,
    actor: str,
    now: datetime,
    players: list[Seat] | None = None,
) -> ActResult:
    """Apply one action of engine seat ``seat`` to the running deal; the session lock is held.
    ``players``: the deal's seats if the caller has read them (``deal_players``)."""
    state = deal_state(deal)
    if players is None:
        players = deal_players(deal)
    action = legal_match(requested, observe(state, seat))
    try:
        new_state, events = apply(state, seat, action)
    except EngineError as exc:  # offered by the view, so this is a bug; refuse rather than corrupt
        raise TableError("illegal_action") from exc
    deal.seq += 1
    logged = [e.to_json() for e in events]
    row = DealAction(
        deal=deal,
        seq=deal.seq,
        seat=seat,
        action=action.to_json(),
        actor=actor,
        events=logged,
        created_at=now,
    )
    over = is_over(new_state)
    # A move that does not end the deal writes its action with the deal's row, in one statement
    # where the database allows it; a deal's last move writes its row with the outcome instead.
    together = not over and move_write.together()
    if not together:
        row.save(force_insert=True)
    _log_on_commit(deal, actor, logged)
    booking.deal_book(session=session, deal_id=deal.pk, seq=deal.seq, events=events, players=players)
    deal.state = state_dump(new_state)
    deal_state_on_commit(deal, new_state)
    # The players' update is read and sent first once this commits (after the log and state above,
    # which it reads): the deadline's task (production's Celery clock) and a finished deal's stats
    # and next deal, registered below, cost a millisecond of CPU and a trip to Redis or more that
    # every player waited out before his picture.
    table_notify_on_commit(session.pk)
    holder = players[seat]
    if actor == Actor.PERSON and holder.status == Seat.Status.AWAY:
        holder.status = Seat.Status.SITTING  # he is here: moving for himself ends "away"
        holder.save(update_fields=["status"])
        # ... and the inactivity sweep's leave after the deal.
        seat_idle_leave_cancel(session, holder, players)
    if over:
        deal_finish(
            session=session, deal=deal, state=new_state, players=players, now=now, unsaved=("seq", "state")
        )
    else:
        if action.do != "look" or to_act(new_state) != to_act(state):
            # A look costs no turn and must not buy time either.
            deal.deadline = turn_deadline(session, new_state, players, now)
        if together:
            move_write.move_write(action=row, deal=deal)
        else:
            deal.save(update_fields=["seq", "state", "deadline"])
        deadline_on_commit(deal)
    return ActResult(deal_id=deal.pk, seq=deal.seq, action=action, over=over)


def _log_on_commit(deal: Deal, actor: str, events: list[dict[str, Any]]) -> None:
    """The action joins this process's remembered log of the deal once committed: the table update
    sent right after it then reads no actions (registered before the update's own callback, so it
    runs first). The events as the database gives them back: plain JSON, lists not tuples."""
    from ..selectors import deal_log_extend

    stored = json.loads(json.dumps(events))
    key = {"deal_id": deal.pk, "seed": deal.seed, "seq": deal.seq, "actor": actor}
    transaction.on_commit(lambda: deal_log_extend(**key, events=stored))


def _seen_enough(deal: Deal, seat: int, expected_seq: int, requested: Action) -> bool:
    """Was the move made on a view that is still good? Yes if nothing happened since, or only looks
    at cards (a look costs no turn): another player's changes nothing of his; his own (the page sends
    his bid before the look's update is back) changes what he may bid only by what needed unseen
    cards, so the move stands if his seat is still offered it."""
    if expected_seq == deal.seq:
        return True
    if not 0 <= expected_seq < deal.seq:
        return False
    since = list(DealAction.objects.filter(deal=deal, seq__gt=expected_seq).values_list("seat", "action"))
    if not all(action.get("do") == "look" for _acted, action in since):
        return False
    if all(acted != seat for acted, _action in since):
        return True
    try:
        legal_match(requested, observe(deal_state(deal), seat))
    except TableError:
        return False  # a dark bid after his own look: "look again", not "not allowed"
    return True


def _made_before(*, deal_id: object, user: User, expected_seq: object, action: Action) -> str | None:
    """What became of a move made at deal ``deal_id`` after ``expected_seq``, as the words of its
    refusal: ``"move_made"``, his very move made since (the plain form re-sent, the same click in a
    second tab), even once it ended the deal; ``"clock_moved"``, the clock made that turn's move for
    him first (his move arrived after his time ran out, or he was away); ``None``, neither."""
    if type(deal_id) is not int or type(expected_seq) is not int or not 0 < deal_id < 2**31:
        return None
    seats = DealPlayer.objects.filter(deal_id=deal_id, member__user=user).values("engine_seat")
    since = DealAction.objects.filter(deal_id=deal_id, seq__gt=expected_seq, seat__in=seats)
    # The clock's move, the same as his or not, is not his: told "already made" as good news, he
    # never learnt why his seat was now played for him, marked away.
    first = since.order_by("seq").values_list("actor", flat=True).first()
    if first == Actor.TIMEOUT:
        return "clock_moved"
    # Compared as the table compares a move with its offers (``_same``): the page's form lists the
    # cards in its own order and leaves out draws from the top, and the row holds the offer's spelling.
    made = since.values_list("action", flat=True)
    return "move_made" if any(isinstance(row, dict) and _same(action, row) for row in made) else None


@transaction.atomic
def table_act(
    *, session_id: int, user: User, action: Action, expected_seq: int, expected_deal: int | None = None
) -> ActResult:
    """A person's move at his seat, made on the view of deal ``expected_deal`` at ``expected_seq``:
    refused as stale if the table has moved on since (a move of an older deal, or after another
    move), so a resent form or a queued click never lands on a table its player did not see."""
    session = session_lock(session_id)
    deal = deal_running(session)
    if deal is None:
        member_require_active(session=session, user=user)
        made = _made_before(deal_id=expected_deal, user=user, expected_seq=expected_seq, action=action)
        raise TableError("no_deal", words=made, done=made == "move_made")
    deal.session = session
    players = deal_players(deal)
    seat = next(
        (
            i
            for i, s in enumerate(players)
            # Not a seat he left: one that sat the deal out leaves at once, and he may sit down again
            # while it runs; his moves were taken for that seat's ("It is not your turn").
            if s.member is not None
            and user.pk is not None
            and s.member.user_id == user.pk
            and s.status != Seat.Status.LEFT
        ),
        None,
    )
    # A player's membership came with his seat (same club, read under the lock): the refusals of a
    # banned or suspended member are the same without a query of their own.
    if seat is None:
        member_require_active(session=session, user=user)
    else:
        membership_require_active(players[seat].member)
    if type(expected_seq) is not int or (expected_deal is not None and expected_deal != deal.pk):
        made = _made_before(deal_id=expected_deal, user=user, expected_seq=expected_seq, action=action)
        raise TableError("stale", words=made, done=made == "move_made")
    if seat is None:
        # Seated but not dealt in (he sat down during the deal, or waits for an empty bank): told
        # when he plays, not that he has no seat.
        raise TableError("not_in_deal" if seat_of(session, user) is not None else "not_seated")
    if players[seat].removed:
        raise TableError("removed")
    if not _seen_enough(deal, seat, expected_seq, action):
        # The very move he made since, sent again (the plain form re-sent, the same click in a second
        # tab): made, not "look again and make your move", which asked him to make it twice.
        made = _made_before(deal_id=deal.pk, user=user, expected_seq=expected_seq, action=action)
        raise TableError("stale", words=made, done=made == "move_made")
    return _apply(
        session=session,
        deal=deal,
        seat=seat,
        requested=action,
        actor=Actor.PERSON,
        now=timezone.now(),
        players=players,
    )


def _automatic_move(deal: Deal, state: State, seat: int, holder: Seat) -> tuple[Action, str]:
    view = observe(state, seat)
    if holder.is_bot:
        # Seeded per deal and move: a bot's choices replay exactly, and it sees only its own view.
        # By the deal's public commitment, not its row id: the id depends on what the database held
        # before, so a test's fixed deck met different bot play from one run to the next.
        # The table's rules say whether the 7♠ is a joker (the view names only the preset).
        bot = BasicBot(seed=f"{deal.commitment}:{deal.seq}", joker=state.setup.rules.joker)
        return bot.choose(view), Actor.BOT
    # The table's own rules, overrides included (the view names only the preset).
    return default_move(view, joker=state.setup.rules.joker), Actor.TIMEOUT


@transaction.atomic
def turn_expire(*, deal_id: int, seq: int, now: datetime | None = None) -> ActResult | None:
    """Make the move that is due on deal ``deal_id`` at ``seq``: a bot's, an away seat's default, or
    the default of a seat whose time ran out (which is then marked away). Idempotent: anything that
    moved the deal on since (another expirer, the player himself) makes this a no-op."""
    now = now or timezone.now()
    session_id = Deal.objects.filter(pk=deal_id).values_list("session_id", flat=True).first()
    if session_id is None:
        return None
    session = session_lock(session_id)
    deal = Deal.objects.filter(pk=deal_id, finished_at__isnull=True).first()
    if deal is None or deal.seq != seq or deal.deadline is None or deal.deadline > now:
        return None
    deal.session = session
    state = deal_state(deal)
    seat = to_act(state)
    if seat is None:
        return None
    players = deal_players(deal)
    holder = players[seat]
    action, actor = _automatic_move(deal, state, seat, holder)
    if actor == Actor.TIMEOUT and holder.status == Seat.Status.SITTING:
        holder.status = Seat.Status.AWAY
        holder.save(update_fields=["status"])
    return _apply(
        session=session, deal=deal, seat=seat, requested=action, actor=actor, now=now, players=players
    )


@transaction.atomic
def session_deal_if_due(*, session_id: int, now: datetime | None = None) -> Deal | None:
    """Start the next deal of a table whose pause is over (idempotent: the lock and the running-deal
    check make a second caller a no-op)."""
    now = now or timezone.now()
    session = session_lock(session_id)
    if session.next_deal_at is None or session.next_deal_at > now:
        return None
    deal = deal_start(session=session, now=now)
    table_notify_on_commit(session.pk)
    return deal


def _expired_deals(now: datetime) -> QuerySet[Deal]:
    return Deal.objects.filter(finished_at__isnull=True, deadline__lte=now)


def _tables_to_deal(now: datetime) -> QuerySet[TableSession]:
    return TableSession.objects.filter(
        status__in=[TableSession.Status.OPEN, TableSession.Status.RUNNING], next_deal_at__lte=now
    )


def tables_due(now: datetime) -> tuple[Sequence[tuple[int, int]], Sequence[int]]:
    """What the clock must do now: (deal, seq) pairs past their deadline, and tables due to deal,
    the longest overdue first. In no order, a backlog (after an outage, a slow tick, a sweep cut
    short by its time limit) was served in whatever order the rows came, and a table could wait
    behind later ones at tick after tick."""
    expired = list(_expired_deals(now).order_by("deadline", "pk").values_list("pk", "seq"))
    to_deal = list(_tables_to_deal(now).order_by("next_deal_at", "pk").values_list("pk", flat=True))
    return expired, to_deal


def _due_question(now: datetime) -> tuple[str, list[Any]]:
    """One ``SELECT EXISTS (...) OR ...`` over the very querysets the clock's work reads."""
    querysets: list[QuerySet[Any]] = [
        _expired_deals(now),
        _tables_to_deal(now),
        *schedule_due_querysets(now).values(),
        memberships_due(now),
    ]
    tests, params = [], []
    for queryset in querysets:
        sql, sql_params = queryset.values("pk").query.sql_with_params()
        tests.append(f"EXISTS ({sql})")
        params.extend(sql_params)
    return "SELECT " + " OR ".join(tests), params


#: Compiling those eight querysets costs far more CPU than running the query, so the question is
#: compiled once per process and database vendor, with ``now`` standing at a sentinel instant; each
#: parameter is then either a constant or the sentinel plus a fixed offset. ``None``: this backend
#: passes its datetimes in a form that can't be shifted (SQLite's strings), so it compiles each time.
_SENTINEL = datetime(2001, 2, 3, 4, 5, 6, 789, tzinfo=UTC)
_Recipe = list[tuple[bool, Any]]  # (depends on now, constant or offset)
_DUE_COMPILED: dict[str, tuple[str, _Recipe] | None] = {}


def _due_recipe() -> tuple[str, _Recipe] | None:
    vendor = connection.vendor
    if vendor in _DUE_COMPILED:
        return _DUE_COMPILED[vendor]
    sql, params = _due_question(_SENTINEL)
    shift = timedelta(days=1, microseconds=1)
    shifted_sql, shifted = _due_question(_SENTINEL + shift)
    recipe: _Recipe | None = [] if shifted_sql == sql and len(shifted) == len(params) else None
    for value, other in zip(params, shifted, strict=False):
        if recipe is None:
            break
        if value == other:
            recipe.append((False, value))
        elif isinstance(value, datetime) and other - value == shift:
            recipe.append((True, value - _SENTINEL))
        else:
            recipe = None
    compiled = (sql, recipe) if recipe is not None else None
    _DUE_COMPILED[vendor] = compiled
    return compiled


def clock_anything_due(now: datetime) -> bool:
    """Whether the clock owes anything at ``now``, in one query. The ticker runs five times a second
    in every server process and nearly always finds nothing; asking the seven questions one by one,
    each compiled by the ORM, cost about as much CPU as the moves."""
    compiled = _due_recipe()
    if compiled is None:
        sql, params = _due_question(now)
    else:
        sql, recipe = compiled
        params = [now + part if depends else part for depends, part in recipe]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return bool(row and row[0])


def _connection_lost(exc: BaseException) -> bool:
    """Whether the work that just failed lost its database connection (``club.db_errors``). That is
    no fault of the deal or table it was at, and putting it aside for a minute froze the table for
    its players; the next tick (or sweep) does the work on a new connection. Logged without a
    traceback: every table the drop hit says the same."""
    if not connection_lost(exc):
        return False
    logger.warning("table clock: the database connection was lost (%s); the next tick goes on", exc)
    return True


def tables_tick(now: datetime | None = None) -> int:
    """Everything the table clock owes at ``now``; returns how many moves and deals it made.

    Under the embedded default an in-process ticker calls this a few times a second; in production a
    scheduler calls the same function (and ``turn_expire`` per deadline), so the two can't disagree.
    Only the real clock (no ``now`` given) looks for an outage to give the time back from."""
    if now is None:
        clock_beat()
    now = now or timezone.now()
    done = 0
    if not clock_anything_due(now):
        return 0
    expired, to_deal = tables_due(now)
    for deal_id, seq in expired:
        try:
            if turn_expire(deal_id=deal_id, seq=seq, now=now) is not None:
                done += 1
        except TableError:
            continue
        except SoftTimeLimitExceeded:
            raise  # the sweep's time is up (not this deal's fault): the next sweep goes on
        except Exception as exc:
            if _connection_lost(exc):
                continue  # not the deal's fault: tried again at the next tick (see the function)
            # One broken deal must not stop every other table's clock: log it, and look again in
            # a minute rather than at every tick.
            logger.exception("table clock: deal %s could not move", deal_id)
            Deal.objects.filter(pk=deal_id, seq=seq).update(deadline=now + QUARANTINE)
    for session_id in to_deal:
        try:
            if session_deal_if_due(session_id=session_id, now=now) is not None:
                done += 1
        except SoftTimeLimitExceeded:
            raise
        except Exception as exc:
            if _connection_lost(exc):
                continue
            logger.exception("table clock: table %s could not deal", session_id)
            TableSession.objects.filter(pk=session_id).update(next_deal_at=now + QUARANTINE)
    try:
        done += schedule_tick(now)
        done += memberships_expire(now=now)  # bans and suspensions whose time is up
    except SoftTimeLimitExceeded:
        raise
    except Exception:
        logger.exception("table clock: the schedule could not move")
    return done


__all__ = [
    "ActResult",
    "clock_anything_due",
    "deal_running",
    "legal_match",
    "session_deal_if_due",
    "table_act",
    "tables_tick",
    "turn_expire",
]
