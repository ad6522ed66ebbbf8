"""Sitting down, standing up, away and back, and bots in seats. Each takes the table lock first."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from club.models import Membership, User, names_shown_in_club
from club.services import audit_log_write, membership_require_rank
from ledger.errors import InsufficientChips

from .. import conf
from ..engine import to_act
from ..jobs import deadline_on_commit, next_deal_on_commit
from ..models import Deal, DealAction, Reservation, Seat, TableSession, away_seat_free_to_take
from . import booking
from .access import (
    club_names_hold,
    member_require_active,
    member_require_manager,
    membership_lock,
    seat_of,
    seats_taken,
    session_lock,
)
from .closing import table_after_stand_up
from .dealing import (
    bank_balance,
    deal_players,
    deal_running,
    deal_state,
    seat_dealt_in,
    turn_deadline,
)
from .errors import TableError
from .notify import table_notify_on_commit
from .presence import PRESENCE_DELAY, presence_seen, users_with_a_page

#: "Away" and "I'm back" are sent as presence is (``PRESENCE_DELAY``): the first at once, a burst of
#: them within the moment as one update. Neither is limited in number (nor waits for a turn), and
#: each, sent alone, made every socket of the table render it again: a script toggling them by plain
#: form, with no socket's message budget, made a table of twenty watchers render twenty times a
#: toggle.
TOGGLE_DELAY = PRESENCE_DELAY
#: The window ``SITS_PER_TABLE_PER_HOUR`` counts sits in.
SITS_WINDOW = timedelta(hours=1)
BOT_NAMES = ("Ivan", "Mila", "Pyotr", "Zoya", "Stoyan", "Elena", "Bogdan", "Rada", "Fyodor", "Nadya", "Kiril")


def _schedule_deal(session: TableSession, now: datetime) -> None:
    if session.started_at is not None and deal_running(session) is None and session.next_deal_at is None:
        session.next_deal_at = now + timedelta(seconds=conf.first_deal_pause())
        session.save(update_fields=["next_deal_at"])
        next_deal_on_commit(session)


def _check_position(session: TableSession, position: int) -> None:
    if type(position) is not int or not 0 <= position < session.seat_count:
        raise TableError("no_such_seat", count=session.seat_count)
    if seats_taken(session).filter(position=position).exists():
        raise TableError("seat_taken")


def _check_buy_in(session: TableSession, amount: int) -> None:
    if type(amount) is not int or not session.buy_in_min <= amount <= session.buy_in_max:
        raise TableError("buy_in_range", low=session.buy_in_min, high=session.buy_in_max)


def _create_seat(session: TableSession, amount: int, **fields) -> Seat:
    try:
        with transaction.atomic():  # a savepoint: a racing twin's seat wins, this one is refused
            seat = Seat.objects.create(session=session, waiting=bank_balance(session) > 0, **fields)
    except IntegrityError as exc:
        raise TableError("seat_taken") from exc
    seat.session = session
    try:
        booking.seat_buy_in(seat=seat, amount=amount)
    except InsufficientChips as exc:
        balance = booking._source_account(seat).balance
        raise TableError("not_enough_chips", balance=balance, needed=amount) from exc
    return seat


def _require_sits_left(session: TableSession, membership: Membership, now: datetime) -> None:
    """Times one member may sit down at one table in an hour (``SITS_PER_TABLE_PER_HOUR``): each sit
    and leave books two journals that stay, writes the club's log twice and sends the table to all
    who watch it, so sitting down and leaving in a loop cost the site without end. He is told when
    he may sit again (his oldest sit of the hour is an hour old)."""
    limit = settings.SITS_PER_TABLE_PER_HOUR
    recent = list(
        Seat.objects.filter(session=session, member=membership, sat_at__gt=now - SITS_WINDOW)
        .order_by("-sat_at")
        .values_list("sat_at", flat=True)[:limit]
    )
    if len(recent) >= limit:
        raise TableError("sits_limit", limit=limit, when=recent[-1] + SITS_WINDOW)


@transaction.atomic
def table_sit(*, session_id: int, user: User, position: int, buy_in: int) -> Seat:
    """Take a free seat with ``buy_in`` chips from the wallet (a practice table's come from the
    treasury). Sitting while the bank holds chips waits for a deal that starts with an empty bank."""
    club_id = TableSession.objects.filter(pk=session_id).values_list("club_id", flat=True).first()
    if club_id is None:
        raise TableError("no_table")
    membership_lock(club_id=club_id, user=user)
    session = session_lock(session_id)
    membership = member_require_active(session=session, user=user)
    if not session.is_live:
        # Cancelled a moment ago (by a manager, or nobody came): "not open for play" read as if it
        # would open later.
        cancelled = session.status == TableSession.Status.CANCELLED
        raise TableError("table_closed", words="table_cancelled" if cancelled else None)
    mine = seat_of(session, user)
    if mine is not None and mine.removed:
        # Stood up mid-deal: his seat is the clock's until the deal ends, and no seat of his plays;
        # "you already sit at this table" told him he had one.
        raise TableError("removed", words="removed_sit")
    if mine is not None:
        # The same seat asked for again (a retry, a second tab) is his: said as news, not a failure.
        raise TableError("already_seated", done=mine.position == position)
    now = timezone.now()
    if session.ends_at is not None and now >= session.ends_at:
        # Its running deal is its last: no deal would deal him in, and its close sent him home a
        # moment later, a sit of his hour's limit spent (review 70).
        raise TableError("table_closed", words="table_ending")
    gone = _away_seat_wanted(session, position, membership, now)
    if gone is not None:
        _away_seat_give_up(session, gone, membership, now)
    _check_position(session, position)
    _check_buy_in(session, buy_in)
    _require_sits_left(session, membership, now)
    held = Reservation.objects.filter(
        session=session, position=position, status=Reservation.Status.HELD
    ).first()
    if held is not None and held.member_id != membership.pk:
        if session.started_at is not None:
            # Started late (the clock missed the start): the seat is its holder's for the no-show
            # grace, and "until the session starts" was said of a session that had (review 70).
            from .schedule import NO_SHOW_GRACE

            raise TableError("seat_reserved", words="seat_held", until=session.started_at + NO_SHOW_GRACE)
        raise TableError("seat_reserved")
    seat = _create_seat(session, buy_in, position=position, member=membership)
    # His reservation (of this seat or another) is used: he is here.
    Reservation.objects.filter(session=session, member=membership, status=Reservation.Status.HELD).update(
        status=Reservation.Status.USED
    )
    audit_log_write(
        action="table.sat_down",
        actor=user,
        club=session.club,
        target_user=user,
        target=session.title,
        data={"table": session.pk, "position": position + 1, "buy_in": buy_in},
    )
    _schedule_deal(session, now)
    table_notify_on_commit(session.pk)
    return seat


#: Why a seat was given to a member who wanted to sit (stored in English; club.models.SYSTEM_REASONS).
AWAY_SEAT_WANTED_REASON = "away with no page of the table open, his seat taken by a player who wanted to sit"


def _away_seat_wanted(
    session: TableSession, position: object, membership: Membership, now: datetime
) -> Seat | None:
    """The seat at ``position`` if it is an absent away player's (``away_seat_free_to_take``) at a
    table with no seat free for this member; a member's own practice table (it closes when he
    leaves) is his."""
    if session.close_when_empty or type(position) is not int:
        return None
    # The seat asked for first: a sit at a free seat (nearly every sit) reads nothing more here.
    seat = seats_taken(session).filter(position=position).select_related("member").first()
    if seat is None or seat.member_id is None or seat.status != Seat.Status.AWAY:
        return None
    taken = list(seats_taken(session).values_list("position", flat=True))
    held = Reservation.objects.filter(session=session, status=Reservation.Status.HELD).exclude(
        member=membership
    )
    free = (
        set(range(session.seat_count))
        - set(taken)
        - set(held.values_list("position", flat=True))
    )
    if free:
        return None  # a free seat is his to take: nobody is stood up for him
    deal = deal_running(session)
    # A page reconnecting, or read without a socket, is his page open (``PAGE_GRACE``, review 161).
    user_id = seat.member.user_id
    connected = user_id in users_with_a_page(session_id=session.pk, user_ids=[user_id], now=now)
    if not away_seat_free_to_take(
        seat_status=seat.status,
        bot=seat.is_bot,
        removed=seat.removed,
        leaving=seat.leave_after_deal,
        dealt_in=deal is not None and seat_dealt_in(deal, seat.pk),
        connected=connected,
    ):
        return None
    return seat


def _away_seat_give_up(session: TableSession, seat: Seat, taker: Membership, now: datetime) -> None:
    """Stand up the absent away player whose seat is wanted, his chips home, as the inactivity sweep
    would have later (``seat_away_stand_up``); the club's log says why."""
    from ledger.models import Account
    from ledger.services import accounts_lock

    if not session.practice:  # a practice table's chips all come from and go to the treasury
        # His wallet (his chips home) and the taker's (the buy-in that follows), both now in the
        # ledger's order: one after the other, a cancel of a table both sat at, holding the lower
        # and waiting for the other, deadlocked with this (review 153).
        accounts_lock(
            Account.objects.filter(
                kind=Account.Kind.WALLET, member_id__in=[seat.member_id, taker.pk], table_id=None
            ).values_list("pk", flat=True)
        )
    # The note tells his page, when he comes back, why (not "ten minutes without a sign of life").
    seat_stand_up(seat=seat, now=now, because=Seat.LeftBecause.IDLE, note=AWAY_SEAT_WANTED_REASON)
    audit_log_write(
        action="table.stood_up",
        actor=None,
        club=session.club,
        target_user=seat.member.user,
        target=session.title,
        data={"table": session.pk, "position": seat.position + 1, "reason": AWAY_SEAT_WANTED_REASON},
    )


def seat_stand_up(*, seat: Seat, now: datetime, because: str = "", note: str = "") -> None:
    """The seat is left and its stack goes back (no deal of its may be running). ``because`` (a
    ``Seat.LeftBecause``): why, unless a stand-up decided during the deal said so already."""
    seat.status = Seat.Status.LEFT
    seat.left_at = now
    seat.leave_after_deal = seat.idle_leave = False
    if not seat.left_because:
        seat.left_because, seat.left_note = because, note[:500]
    seat.save(
        update_fields=["status", "left_at", "leave_after_deal", "idle_leave", "left_because", "left_note"]
    )
    _left_seat_told(seat, now)
    booking.seat_cash_out(seat=seat)


def _left_seat_told(seat: Seat, now: datetime) -> None:
    """Note on the table who left which seat and why (``TableSession.left_seats``): his free seat
    says so to the others. Callers hold the table's lock, so the read-and-write is not raced."""
    if seat.left_because == Seat.LeftBecause.CLOSED:
        return  # every seat of a table that closed: nothing to tell anyone
    # Read again, not taken from ``seat.session``: a deal's end stands several seats up, each with a
    # table object of its own, and the second would write back the list without the first.
    rows = TableSession.objects.filter(pk=seat.session_id)
    before, seat_count = rows.values_list("left_seats", "seat_count").get()
    kept = [gone for gone in before or () if gone.get("position") != seat.position]
    kept.append(
        {
            "position": seat.position,
            "member": seat.member_id,
            "name": seat.name,
            "because": seat.left_because,
            "at": now.isoformat(),
        }
    )
    kept = kept[-seat_count:]
    rows.update(left_seats=kept)
    if Seat.session.is_cached(seat):  # the table object its caller goes on with
        seat.session.left_seats = kept


def _in_running_deal(session: TableSession, seat: Seat) -> bool:
    """Dealt into the running deal: a seat sitting it out (waiting for an empty bank) has nothing in
    it, and waited for its end to leave or be stood up, his chips kept from him meanwhile."""
    deal = deal_running(session)
    return deal is not None and seat_dealt_in(deal, seat.pk)


@transaction.atomic
def table_leave(*, session_id: int, user: User) -> bool:
    """Stand up with the whole stack back in the wallet. During a deal he was dealt into, he leaves
    when it ends; one he sits out (waiting for an empty bank) does not hold him. Returns True if he
    stood up now, False if after the deal."""
    session = session_lock(session_id)
    seat = seat_of(session, user)
    if seat is None:
        # A stranger is told what the table's page tells him, not that he has no seat at a table
        # that exists (a banned member is stood up already: he is told why).
        member_require_active(session=session, user=user)
        if Seat.objects.filter(session=session, member__user=user, status=Seat.Status.LEFT).exists():
            # "Leave" sent again (a retry, a second tab) after he stood up: it is done, not failed.
            # If the table or a manager stood him up, that is said ("already left" read as his own).
            stood_up = _stood_up_words(session, user)
            if stood_up is not None:
                raise TableError("not_seated", words=stood_up[0], done=True, **stood_up[1])
            raise TableError("not_seated", words="left_already", done=True)
        raise TableError("not_seated")
    now = timezone.now()
    if _in_running_deal(session, seat):
        if seat.removed:
            # Stood up mid-deal by a manager or by leaving the club: he goes when the deal ends
            # anyway; "you will leave when this deal ends" told him nothing of why.
            raise TableError("removed", done=True)
        if seat.leave_after_deal and not seat.idle_leave:
            # Pressed again (a double click, a second tab): said once as news, not as a new leave.
            raise TableError("leaving_already", done=True)
        # His own leave now: coming back no longer cancels it.
        seat.leave_after_deal, seat.idle_leave = True, False
        seat.save(update_fields=["leave_after_deal", "idle_leave"])
        table_notify_on_commit(session.pk)
        return False
    table_notify_on_commit(session.pk)
    seat_stand_up(seat=seat, now=now, because=Seat.LeftBecause.OWN)
    table_after_stand_up(session=session, now=now)
    own_leave_logged(session, seat, user)
    return True


def own_leave_logged(session: TableSession, seat: Seat, user: User) -> None:
    """The club's log line of a player who stood up by his own "Leave" (now, or when his deal ended)."""
    audit_log_write(
        action="table.stood_up",
        actor=user,
        club=session.club,
        target_user=user,
        target=session.title,
        data={"table": session.pk, "position": seat.position + 1},
    )


def _set_away(session: TableSession, seat: Seat, away: bool) -> None:
    if not away and seat.removed:
        raise TableError("removed")  # the callers check first; a seat stood up stays away whoever asks
    seat.status = Seat.Status.AWAY if away else Seat.Status.SITTING
    seat.away_deals = 0
    seat.save(update_fields=["status", "away_deals"])
    if not away:
        seat_idle_leave_cancel(session, seat)
    deal = deal_running(session)
    if deal is not None and seat.pk in deal.players:
        state = deal_state(deal)
        acting = to_act(state)
        if acting is not None and deal.players[acting] == seat.pk:
            # Only his own clock follows his new state: another seat's turn keeps its time.
            now = timezone.now()
            deadline = turn_deadline(session, state, deal_players(deal), now)
            if not away and deadline is not None:
                # Back on his own turn: what is left of the turn from its start, not a new one
                # ("away" then "back" restarted the clock each time, and held the table for good).
                deadline = max(deal.deadline or now, min(deadline, _turn_started(deal) + (deadline - now)))
            deal.deadline = deadline
            deal.save(update_fields=["deadline"])
            deadline_on_commit(deal)  # a clock moved earlier is not left to the next sweep


def seat_idle_leave_cancel(session: TableSession, seat: Seat, players: Sequence[Seat] = ()) -> None:
    """He is back before the deal ends: the table is attended again, so the inactivity sweep's leave
    after the deal no longer holds for him nor for the bots (they play for whoever is there). Those
    still absent leave as the sweep said; a leave he asked for himself stays. ``players``: the deal's
    seats the caller holds in memory (a move that ends the deal reads their flags there)."""
    if not seat.idle_leave or seat.removed:
        return
    Seat.objects.filter(pk=seat.pk).update(leave_after_deal=False, idle_leave=False)
    seats_taken(session).filter(idle_leave=True).exclude(bot="").update(
        leave_after_deal=False, idle_leave=False
    )
    for held in (seat, *players):
        if held.idle_leave and (held.pk == seat.pk or held.is_bot):
            held.leave_after_deal = held.idle_leave = False


def _turn_started(deal: Deal) -> datetime:
    """When the turn now running began: at the deal's last move, or at its start (a look by another
    seat since leaves his clock running: the time is then a little late, in his favour)."""
    last = DealAction.objects.filter(deal=deal).order_by("-seq").values_list("created_at", flat=True).first()
    return last or deal.started_at


@transaction.atomic
def table_away(*, session_id: int, user: User) -> Seat:
    session = session_lock(session_id)
    member_require_active(session=session, user=user)
    seat = seat_of(session, user)
    if seat is None:
        words = _stood_up_words(session, user)
        if words is not None:
            # His page, left open, still offered "Away" after the table or a manager had stood him up
            # (review 133): "you are not sitting at this table" said neither why nor where his chips
            # went. A table closed under him is news, nothing left for him to do.
            raise TableError("not_seated", words=words[0], done=words[0].startswith("closed_"), **words[1])
        raise TableError("not_seated")
    if seat.removed:
        # Stood up mid-deal (marked away by it): "already marked away" told him, as news, of a seat
        # the table had taken from him; "I'm back" says why (table_back).
        raise TableError("removed")
    if seat.status == Seat.Status.AWAY:
        raise TableError("already_away", done=True)  # sent again: it is so
    _set_away(session, seat, True)
    table_notify_on_commit(session.pk, delay=TOGGLE_DELAY)
    return seat


@transaction.atomic
def table_back(*, session_id: int, user: User) -> Seat:
    """ "I'm back": the seat is played by its player again (and may start a deal that waited for a
    person to be present)."""
    session = session_lock(session_id)
    member_require_active(session=session, user=user)
    seat = seat_of(session, user)
    if seat is None:
        words = _stood_up_words(session, user)
        if words is not None:
            # His page, left open, still offered "I'm back": "you are not sitting at this table" of
            # the seat he had a minute ago told him neither why nor where his chips went (review 70).
            # A table closed under him is news (review 133): there is no seat to be back at.
            raise TableError("not_seated", words=words[0], done=words[0].startswith("closed_"), **words[1])
        raise TableError("not_seated")
    if seat.removed:
        # Stood up by a manager, or gone from the club, mid-deal: the seat is played by default moves
        # until the deal ends. Sitting again would give its turns a player's full time again.
        raise TableError("removed")
    if seat.status != Seat.Status.AWAY:
        raise TableError("not_away", done=True)  # sent again: he is back
    _set_away(session, seat, False)
    now = timezone.now()
    # A sign of life (the inactivity sweep reads it): by plain form, without a socket's heartbeat,
    # the next sweep marked him away and leaving again a minute later.
    presence_seen(session_id=session.pk, user=user, now=now)
    _schedule_deal(session, now)
    table_notify_on_commit(session.pk, delay=TOGGLE_DELAY)
    return seat


def _stood_up_words(session: TableSession, user: User) -> tuple[str, dict[str, str]] | None:
    """Why his last seat at this table was taken from him, if the table or a manager did it: the
    words of ``not_seated`` that say so, and their params (``Seat.left_because``, written at the
    stand-up). A practice table's chips were the club's: they went back there, not to his wallet."""
    last = (
        Seat.objects.filter(session=session, member__user=user)
        .order_by("-sat_at", "-pk")
        .values("left_because", "left_note")
        .first()
    )
    if last is None:
        return None
    practice = "_practice" if session.practice else ""
    because = last["left_because"]
    if because == Seat.LeftBecause.AWAY:
        return f"stood_up_away{practice}", {}
    if because == Seat.LeftBecause.MANAGER:
        return f"stood_up_by_manager{practice}", {"reason": last["left_note"]}
    if because == Seat.LeftBecause.IDLE and last["left_note"] == AWAY_SEAT_WANTED_REASON:
        return f"stood_up_seat_wanted{practice}", {}
    if because == Seat.LeftBecause.IDLE:
        return f"stood_up_idle{practice}", {}
    if because == Seat.LeftBecause.CLOSED:
        # Called off by a manager, or closed at its end time, while he sat: "You have already left
        # this table." told him he had done what he had not, and not where his chips went (review 133).
        closed = "cancelled" if session.status == TableSession.Status.CANCELLED else "ended"
        return f"closed_{closed}{practice}", {}
    return None  # his own leave, or a seat left before this was kept


def _bot_name(session: TableSession) -> str:
    """The first of ``BOT_NAMES`` no bot at the table has and no one the club shows is called by
    (``named_in_clubs``): a bot "Ivan" beside the club's own Ivan made the move log's "Ivan passes."
    and the deal list's "Ivan, Ivan" name either."""
    taken = set(seats_taken(session).exclude(bot="").values_list("bot_name", flat=True))
    shown = names_shown_in_club(session.club_id, BOT_NAMES)
    for name in BOT_NAMES:
        if name not in taken and name not in shown:
            return name
    # Every name is someone's: "Bot N", the first number no bot at the table and no one the club
    # shows has (review 99: "Bot <bots + 1>" repeated a bot still sitting once one before it had gone,
    # and a member called "Bot 1" was not avoided).
    start = 1
    while True:
        numbered = [f"Bot {n}" for n in range(start, start + len(taken) + len(BOT_NAMES) + 1)]
        shown = names_shown_in_club(session.club_id, numbered)
        for name in numbered:
            if name not in taken and name not in shown:
                return name
        start += len(numbered)


def bot_seat(*, session: TableSession, position: int, buy_in: int, actor: User | None) -> Seat:
    """Seat the engine's basic bot with treasury chips; the caller holds the lock and checked rights."""
    _check_position(session, position)
    _check_buy_in(session, buy_in)
    held = Reservation.objects.filter(session=session, position=position, status=Reservation.Status.HELD)
    if held.exists():
        raise TableError("seat_reserved")
    seat = _create_seat(session, buy_in, position=position, bot="basic", bot_name=_bot_name(session))
    audit_log_write(
        action="table.bot_seated",
        actor=actor,
        club=session.club,
        target=session.title,
        data={"table": session.pk, "position": position + 1, "buy_in": buy_in, "bot": seat.bot_name},
    )
    return seat


def _require_bots_left(session: TableSession, now: datetime) -> None:
    """Bots seated at a practice table in an hour, by whoever opened it (any member may): seating and
    standing them up in a loop booked two journals of treasury chips a round that stay, wrote the
    club's log and sent the table to all who watch it, as sitting down and leaving did before
    ``_require_sits_left``; the same limit holds."""
    limit = settings.SITS_PER_TABLE_PER_HOUR
    recent = list(
        Seat.objects.filter(session=session, sat_at__gt=now - SITS_WINDOW)
        .exclude(bot="")
        .order_by("-sat_at")
        .values_list("sat_at", flat=True)[:limit]
    )
    if len(recent) >= limit:
        raise TableError("bots_limit", limit=limit, when=recent[-1] + SITS_WINDOW)


@transaction.atomic
def table_bot_add(*, session_id: int, actor: User, position: int, buy_in: int) -> Seat:
    """A manager seats a bot (at a practice table, whoever opened it may too)."""
    club_id = TableSession.objects.filter(pk=session_id).values_list("club_id", flat=True).first()
    if club_id is not None:
        club_names_hold(club_id)  # before the table's lock, as a join holds it before its own rows
    session = session_lock(session_id)
    own_practice = session.practice and session.created_by_id == actor.pk
    if own_practice:
        member_require_active(session=session, user=actor)
    else:
        member_require_manager(session=session, user=actor)
    if not session.is_live:
        raise TableError("table_closed")
    if session.ends_at is not None and timezone.now() >= session.ends_at:
        # Its running deal is its last: the bot would only be sent home by the close (review 70).
        raise TableError("table_closed", words="table_ending")
    if seats_taken(session).filter(position=position).exclude(bot="").exists():
        # The same form again (a retry, a second tab): the bot he asked for sits there.
        raise TableError("seat_taken", words="bot_there", done=True, n=position + 1)
    if own_practice:
        _require_bots_left(session, timezone.now())
    seat = bot_seat(session=session, position=position, buy_in=buy_in, actor=actor)
    _schedule_deal(session, timezone.now())
    table_notify_on_commit(session.pk)
    return seat


@transaction.atomic
def table_bot_remove(*, session_id: int, actor: User, position: int, seat_id: int | None = None) -> bool:
    """Stand a bot up (after the deal it plays in); its stack goes back to the treasury. ``seat_id``:
    the bot's seat as the manager saw it; another bot seated there since is not stood up for it."""
    session = session_lock(session_id)
    if session.practice and session.created_by_id == actor.pk:
        member_require_active(session=session, user=actor)
    else:
        member_require_manager(session=session, user=actor)
    seat = seats_taken(session).filter(position=position).exclude(bot="").first()
    if seat is None:
        if _left_since(session, seat_id, position):
            raise TableError("no_bot_at", words="bot_left", done=True, n=position + 1)
        raise TableError("no_bot_at", n=position + 1)  # about the seat, not the manager who asks
    if seat_id is not None and seat.pk != seat_id:
        raise TableError("seat_changed", n=position + 1)
    _bot_not_leaving(seat)
    return _bot_off(session, seat)


def _left_since(session: TableSession, seat_id: int | None, position: int) -> bool:
    """Whether the seat a manager's form names (``seat_id``, its page's) has been left, and nobody
    sits there now: his form sent again (a double click, a second tab, another manager), told "Nobody
    plays at seat 3" or "There is no bot at seat 3" in red as if he had got the seat wrong."""
    if seat_id is None:
        return False
    left = Seat.objects.filter(pk=seat_id, session=session, position=position, status=Seat.Status.LEFT)
    return left.exists()


def _bot_not_leaving(seat: Seat) -> None:
    """Refuses, as news, a bot a manager has sent off already (a double click, a second manager): told
    nothing, the second thought he had done something. The inactivity sweep's leave is no manager's (a
    player back cancels it): his word replaces it."""
    if seat.leave_after_deal and not seat.idle_leave:
        raise TableError("already_leaving", words="bot_leaving", done=True, n=seat.position + 1)


def _bot_off(session: TableSession, seat: Seat) -> bool:
    """A bot's seat is left now, or after the deal it plays in. True if now."""
    table_notify_on_commit(session.pk)
    if _in_running_deal(session, seat):
        # The manager's word: a player coming back no longer keeps it (as the sweep's leave).
        seat.leave_after_deal, seat.idle_leave = True, False
        seat.save(update_fields=["leave_after_deal", "idle_leave"])
        return False
    seat_stand_up(seat=seat, now=timezone.now())
    return True


@transaction.atomic
def table_stand_up(
    *, session_id: int, actor: User, position: int, reason: str, seat_id: int | None = None
) -> bool:
    """A manager stands a player up (with a reason): at once between deals, else after the deal he
    plays in (played by default moves meanwhile). His stack goes back to his wallet. True if now.
    ``seat_id``: the seat as the manager saw it (the admin's row); if its player has left and someone
    else sat down there meanwhile, the newcomer is not stood up for him."""
    reason = (reason or "").strip()[:500]
    if not reason:
        raise TableError("reason_needed")
    session = session_lock(session_id)
    mine = member_require_manager(session=session, user=actor)
    seat = seats_taken(session).filter(position=position).first()
    if seat is None:
        if _left_since(session, seat_id, position):
            raise TableError("no_player_at", words="player_left", done=True, n=position + 1)
        raise TableError("no_player_at", n=position + 1)  # about the seat, not the manager who asks
    if seat_id is not None and seat.pk != seat_id:
        raise TableError("seat_changed", n=position + 1)
    if seat.is_bot:
        # The admin's seat list has bots beside players: "Nobody plays at seat 3" of the bot the
        # manager ticked told him nothing. It is taken off, as its "Remove bot" button does. The
        # inactivity sweep's leave is no manager's (a player back cancels it): his word replaces it.
        _bot_not_leaving(seat)
        return _bot_off(session, seat)
    if seat.member_id == mine.pk:
        # The page never offers it, but a hand-made message did: he was "stood up by a manager",
        # the clock played his deal out and the log read that he stood himself up.
        raise TableError("stand_up_self")
    membership_require_rank(mine=mine, target=seat.member)
    if seat.leave_after_deal and not seat.idle_leave:
        # A double click or a second manager: said once. The inactivity sweep's leave is no
        # manager's: his coming back would cancel it, so the manager may still stand him up.
        raise TableError("already_leaving", done=True)
    now = timezone.now()
    audit_log_write(
        action="table.stood_up_by_manager",
        actor=actor,
        club=session.club,
        target_user=seat.member.user,
        target=session.title,
        data={"table": session.pk, "position": position + 1, "reason": reason},
    )
    table_notify_on_commit(session.pk)
    deal = deal_running(session)
    if deal is not None and seat_dealt_in(deal, seat.pk):
        seat.status = Seat.Status.AWAY
        seat.leave_after_deal = seat.removed = True
        seat.idle_leave = False
        seat.left_because, seat.left_note = Seat.LeftBecause.MANAGER, reason
        seat.save(
            update_fields=["status", "leave_after_deal", "removed", "idle_leave", "left_because", "left_note"]
        )
        state = deal_state(deal)
        acting = to_act(state)
        if acting is not None and deal.players[acting] == seat.pk:
            deal.deadline = now  # his turn: the clock makes his default move at once
            deal.save(update_fields=["deadline"])
            deadline_on_commit(deal)
        return False
    seat_stand_up(seat=seat, now=now, because=Seat.LeftBecause.MANAGER, note=reason)
    table_after_stand_up(session=session, now=now)
    return True
