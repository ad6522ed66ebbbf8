"""Pages of the games app: the rules, the table page, and plain-form fallbacks of the table's moves.

With JavaScript a table's moves go through its websocket; without it, the same forms post here and
the page reloads. Either way one service does the work.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from club.errors import ServiceError, refusal_say
from club.models import Club, Membership
from club.selectors import ban_reservations_cancelled, membership_get
from club.views import club_page, post_only

from .engine import Rules
from .engine.rules import PRESETS
from .forms import TableSessionForm
from .howto import preset_howto, preset_title
from .htmx_parts import htmx_part_wanted, htmx_varied
from .models import Reservation, Seat, TableSession
from .presenter import table_context
from .protocol import BUY_IN_HIGH, Act, SeatBot, Sit, StandUp, parse_message
from .selectors import (
    START_LATE_AFTER,
    membership_can_manage,
    membership_stand_up_roles,
    session_reservation_offer,
    table_frame_for,
    table_get,
)
from .services import (
    TableError,
    practice_table_open,
    table_act,
    table_away,
    table_back,
    table_bot_add,
    table_bot_remove,
    table_leave,
    table_session_create,
    table_sit,
    table_stand_up,
)
from .services.access import member_require_active
from .services.presence import presence_page_read
from .services.schedule import SEATING_OPENS, reservation_cancel, seat_reserve
from .ticker import ensure_ticker


def rules_index(request: HttpRequest) -> HttpResponse:
    presets = [(name, preset_title(name)) for name in PRESETS]
    return render(request, "games/rules.html", {"presets": presets, "howto": preset_howto("classic")})


def rules_preset(request: HttpRequest, preset: str) -> HttpResponse:
    if preset not in PRESETS:
        raise Http404("unknown preset")
    presets = [(name, preset_title(name)) for name in PRESETS]
    part = htmx_part_wanted(request)
    template = "games/rules.html#howto" if part else "games/rules.html"
    context = {"presets": presets, "howto": preset_howto(preset), "part": part}
    return htmx_varied(render(request, template, context))


class TableRefused(Exception):
    """A member kept away from the tables: the page says why."""


def _table_for_member(request: HttpRequest, session_id: int) -> tuple[TableSession, Membership]:
    session = table_get(session_id=session_id)
    if session is None:
        raise Http404(_("This table does not exist."))
    try:
        membership = member_require_active(session=session, user=request.user)
    except TableError as exc:
        if exc.code in ("banned", "banned_for", "banned_until", "suspended"):
            # He is told why (and until when), not shown a bare "not found".
            raise TableRefused(exc.message) from exc
        raise Http404(exc.message) from exc
    return session, membership


@login_required
def table_page(request: HttpRequest, session_id: int) -> HttpResponse:
    return _table_page_shown(request, session_id)


def _table_page_shown(request: HttpRequest, session_id: int, **kept: Any) -> HttpResponse:
    """The table's page; ``kept``: what a refused plain form held, shown again in it."""
    try:
        session, membership = _table_for_member(request, session_id)
    except TableRefused as exc:
        context: dict[str, Any] = {"message": str(exc)}
        club = Club.objects.filter(pk=_club_of(session_id)).first()
        membership = membership_get(club=club, user=request.user) if club is not None else None
        if membership is not None and (membership.is_banned or membership.is_suspended):
            # The club page's notice, its times written alike (review 156), and what a ban cost.
            membership.club = club
            context.update(membership=membership, club=club)
        if membership is not None:
            # The seat he had reserved here, which his ban cancelled: said where he looks for it.
            context["cancelled"] = [
                r for r in ban_reservations_cancelled(membership=membership) if r["session"] == session_id
            ]
        return render(request, "games/refused.html", context, status=403)
    ensure_ticker()
    frame = table_frame_for(session=session, user=request.user)
    if any(seat["user_id"] == request.user.pk for seat in frame.public["seats"]):
        # His page is open, a socket or none (the plain forms): his seat is not given away meanwhile.
        presence_page_read(session_id=session.pk, user=request.user, now=timezone.now())
    context = table_context(
        view=frame.view,
        public=frame.public,
        user_id=request.user.pk,
        now=timezone.now(),
        can_manage=membership_can_manage(session=session, membership=membership, user=request.user),
        stands_up=membership_stand_up_roles(membership=membership, user=request.user),
    )
    context["howto_html"] = _table_howto(Rules.from_json(session.rules), translation.get_language())
    context["club"] = session.club
    context.update(kept)
    if (session.started_at is None and session.is_live) or session.status == TableSession.Status.SCHEDULED:
        # Outside the live frame: a socket renders without the reader's time zone.
        context["starts"] = session.starts_at
        # Its start gone by with the table's clock down (no opening, no start ran): "starts 20:00"
        # read at 20:10 told a player he was early, or had the wrong day.
        context["starts_late"] = session.starts_at + START_LATE_AFTER <= timezone.now()
    if session.started_at is None and session.status in (
        TableSession.Status.SCHEDULED,
        TableSession.Status.OPEN,
    ):
        # The club list's Reserve and Cancel, here too: a member who opened the table's page before
        # seating opened read "Seating is not open yet" and found nothing he could do (review 148).
        # Once seating is open the seats' own Sit forms offer the free seats: only his own
        # reservation is shown then, to be cancelled.
        offer = session_reservation_offer(session=session, user=request.user)
        if offer["mine"] is not None or (
            offer["seated"] is None and session.status == TableSession.Status.SCHEDULED
        ):
            context["reserve"] = offer
    return render(request, "games/table.html", context)


def _club_of(session_id: int) -> int | None:
    return TableSession.objects.filter(pk=session_id).values_list("club_id", flat=True).first()


@lru_cache(maxsize=256)
def _table_howto(rules: Rules, language: str | None) -> str:
    """A table page's how-to-play (``games/table.html#howto``) once per process for each rules and
    language: every table page shows it, the same for the same rules (frozen, hashable) and language,
    and building and rendering it took dozens of catalogue lookups and a loop over its lines."""
    return render_to_string("games/table.html#howto", {"howto": preset_howto(rules, language=language)})


def table_page_of(session_id: int, **_kwargs: object) -> str:
    """Where a GET of a table form's address goes (``post_only``): the table's page."""
    return reverse("table_page", args=[session_id])


#: Refusals that would tell a stranger whether a table exists: the page and the socket answer him
#: one "not found" for both, and so do the forms (number after number, "only members may play"
#: against "does not exist" listed the tables of clubs the home page never shows, review 28).
_STRANGER_CODES = frozenset({"not_member", "no_table"})


#: Refusals of what was typed in a form (a reason's characters, its length, none at all): the page is
#: shown again holding it. Others (the seat changed hands meanwhile) go back to the page as it is now.
_TYPED_FAULTS = frozenset({"bad_message", "reason_needed"})


def _post_to_table(
    request: HttpRequest, session_id: int, call: Callable[[], object], kept: dict[str, Any] | None = None
) -> HttpResponse:
    """``kept``: what the form held, for the table's page shown again under a refusal of what was
    typed (review 123), instead of going back to it with the form empty."""
    try:
        call()
    except ServiceError as exc:
        if exc.code in _STRANGER_CODES:
            exc = TableError("not_found")
        refusal_say(request, exc)  # what was asked already so (sent again) is said as news
        if kept is not None and exc.code in _TYPED_FAULTS:
            return _table_page_shown(request, session_id, **kept)
    return redirect(reverse("table_page", args=[session_id]))


@post_only(table_page_of)
@login_required
def table_act_view(request: HttpRequest, session_id: int) -> HttpResponse:
    """The plain-form way to move (no JavaScript): the same message a socket would carry."""
    data: dict[str, object] = {k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
    data["cards"] = request.POST.getlist("cards")

    def act() -> None:
        message = parse_message(data)
        if not isinstance(message, Act):
            raise TableError("bad_message", problem=_("not a move"))
        table_act(
            session_id=session_id,
            user=request.user,
            action=message.action,
            expected_seq=message.seq,
            expected_deal=message.deal,
        )

    return _post_to_table(request, session_id, act)


def _buy_in_typed(request: HttpRequest) -> str | None:
    """A seat form's buy-in as typed, the spaces around it dropped (as a form field drops them). One
    that is no whole number is told so in the form's words: the socket's "That message could not be
    read: …" read oddly under a form (review 123)."""
    typed = request.POST.get("buy_in")
    if typed is None:
        return None
    typed = typed.strip()
    if not (typed.isascii() and typed.isdigit()):
        raise TableError("buy_in_not_whole", name=_("Chips to bring"))
    digits = typed.lstrip("0") or "0"
    if len(digits) > len(str(BUY_IN_HIGH)) or int(digits) > BUY_IN_HIGH:
        # Past every table's largest buy-in: read as 0, which every table's range refuses in its own
        # words ("Bring between 100 and 500 chips"). Passed on, the socket's "That message could not
        # be read: … must be at most 1000000000000000." named a bound that was no table's (review 133).
        return "0"
    return digits


@post_only(table_page_of)
@login_required
def table_sit_view(request: HttpRequest, session_id: int) -> HttpResponse:
    def sit() -> None:
        message = parse_message(
            {"do": "sit", "position": request.POST.get("position"), "buy_in": _buy_in_typed(request)}
        )
        assert isinstance(message, Sit)
        table_sit(session_id=session_id, user=request.user, position=message.position, buy_in=message.buy_in)

    return _post_to_table(request, session_id, sit)


@post_only(table_page_of)
@login_required
def table_leave_view(request: HttpRequest, session_id: int) -> HttpResponse:
    def leave() -> None:
        # Read before leaving: a member's own practice table closes when he leaves it.
        practice = TableSession.objects.filter(pk=session_id, practice=True).exists()
        if table_leave(session_id=session_id, user=request.user):
            if practice:
                # Its chips came from the treasury and go back there; the wallet never moved.
                messages.success(request, _("You left the practice table; its chips go back to the club."))
            else:
                messages.success(request, _("You left the table; your chips are back in your wallet."))
        else:
            messages.info(request, _("You will leave the table when this deal ends."))

    return _post_to_table(request, session_id, leave)


@post_only(table_page_of)
@login_required
def table_away_view(request: HttpRequest, session_id: int) -> HttpResponse:
    return _post_to_table(request, session_id, lambda: table_away(session_id=session_id, user=request.user))


@post_only(table_page_of)
@login_required
def table_back_view(request: HttpRequest, session_id: int) -> HttpResponse:
    return _post_to_table(request, session_id, lambda: table_back(session_id=session_id, user=request.user))


@post_only(table_page_of)
@login_required
def table_bot_view(request: HttpRequest, session_id: int) -> HttpResponse:
    def bot() -> None:
        data = {k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
        if data.get("do") == "bot":
            data["buy_in"] = _buy_in_typed(request)
        message = parse_message(data)
        if not isinstance(message, SeatBot):
            raise TableError("bad_message", problem=_("not a bot request"))
        if message.buy_in is None:
            table_bot_remove(
                session_id=session_id, actor=request.user, position=message.position, seat_id=message.seat_id
            )
        else:
            table_bot_add(
                session_id=session_id, actor=request.user, position=message.position, buy_in=message.buy_in
            )

    return _post_to_table(request, session_id, bot)


@post_only(table_page_of)
@login_required
def table_standup_view(request: HttpRequest, session_id: int) -> HttpResponse:
    def standup() -> None:
        message = parse_message({k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"})
        if not isinstance(message, StandUp):
            raise TableError("bad_message", problem=_("not a stand-up"))
        table_stand_up(
            session_id=session_id,
            actor=request.user,
            position=message.position,
            reason=message.reason,
            seat_id=message.seat_id,
        )

    # Refused, the seat's box comes back open holding the reason typed (review 123: it was lost).
    kept = {"seat": request.POST.get("seat", ""), "reason": request.POST.get("reason", "")}
    return _post_to_table(request, session_id, standup, kept={"standup_kept": kept})


def _session_of_a_club_of_mine(request: HttpRequest, session_id: int) -> TableSession:
    """The table, to someone who has been in its club: to anyone else the table page's 404. These
    forms answer by sending the reader to the table's club, and that address told any logged-in
    stranger, table number after table number, the clubs the home page never lists (invite only)."""
    session = get_object_or_404(TableSession.objects.select_related("club"), pk=session_id)
    if membership_get(club=session.club, user=request.user) is None:
        raise Http404(_("This table does not exist."))
    return session


def _reservation_answered(request: HttpRequest, session: TableSession) -> HttpResponse:
    """Back where the form was (review 148): the table's own page (``back=table``), the home page's
    "Coming up" (``back=home``: a member who reserved there was sent to the club's page), else the
    club's."""
    back = request.POST.get("back")
    shows_table = Membership.objects.filter(
        club_id=session.club_id,
        user_id=request.user.pk,
        status__in=(Membership.Status.ACTIVE, Membership.Status.BANNED),
    ).exists()
    if back == "table" and shows_table:
        # Not for one who has left the club since his page was drawn: the table's page is a "not
        # found" to him, and the refusal said on it was lost. A banned member's page says why.
        return redirect(reverse("table_page", args=[session.pk]))
    if back == "home":
        return redirect(reverse("home"))
    return redirect(session.club)


def _not_a_member_words(session: TableSession, user: Any) -> str | None:
    """Why one who is not a member of the table's club may not reserve, for a reserve form left open
    since he was one: "only active members can play" said nothing of his request refused, or still
    waiting (review 156). None when he is a member again meanwhile (the service's words stand)."""
    from club.services import membership_refused_last

    membership = membership_get(club=session.club, user=user)
    words = {"club": session.club.name}
    if membership is None or membership.status == Membership.Status.LEFT:
        if membership_refused_last(membership):
            return (
                _(
                    "A manager has refused your request to join %(club)s: only its members reserve seats at "
                    "its tables."
                )
                % words
            )
        return _("You are not a member of %(club)s: only its members reserve seats at its tables.") % words
    if membership.status == Membership.Status.PENDING:
        return (
            _(
                "Your request to join %(club)s is still waiting for a manager: once you are a member, "
                "you may reserve a seat."
            )
            % words
        )
    return None


@post_only(table_page_of)
@login_required
def seat_reserve_view(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session_of_a_club_of_mine(request, session_id)
    raw = request.POST.get("position", "")
    try:
        if not (raw.isascii() and raw.isdigit() and len(raw) < 4):
            raise TableError("no_such_seat", count=session.seat_count)
        seat_reserve(session_id=session_id, user=request.user, position=int(raw) - 1)
    except ServiceError as exc:
        said = _not_a_member_words(session, request.user) if exc.code == "not_member" else None
        messages.error(request, said or exc.message)
    else:
        # The start read after the seat is held: a page shown before the table was moved gave the
        # member no hint that it now starts at another hour.
        starts = TableSession.objects.filter(pk=session_id).values_list("starts_at", flat=True).first()
        messages.success(
            request,
            # The zone named, as the other schedule messages name it (review 129): a member whose
            # profile has no zone reads the site's, and could not tell which hour was meant.
            _("Seat %(n)s of “%(title)s” is yours until it starts, %(when)s (%(zone)s).")
            % {
                "n": int(raw),
                "title": session.title,
                "when": date_format(timezone.localtime(starts or session.starts_at), _("D j M Y, H:i")),
                "zone": timezone.get_current_timezone_name(),
            },
        )
    return _reservation_answered(request, session)


@post_only(table_page_of)
@login_required
def reservation_cancel_view(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session_of_a_club_of_mine(request, session_id)
    if reservation_cancel(session_id=session_id, user=request.user):
        messages.success(request, _("Your reservation is cancelled."))
    elif TableSession.objects.filter(pk=session_id, status=TableSession.Status.CANCELLED).exists():
        # A stale page: his seat went with the table, and "you held no seat" told him he never had one.
        messages.info(request, TableError("table_cancelled").message)
    elif (
        Seat.objects.filter(session=session, member__user=request.user)
        .exclude(status=Seat.Status.LEFT)
        .exists()
    ):
        # He sat down (his reservation was used): "you held no seat" of the seat he sits at.
        messages.info(request, TableError("already_seated").message)
    else:
        last = (
            Reservation.objects.filter(session=session, member__user=request.user)
            .order_by("-created_at", "-pk")
            .values_list("status", "position")
            .first()
        )
        if last is not None and last[0] == Reservation.Status.LAPSED:
            # A page left open past the start: he held a seat, and it lapsed when he did not come.
            messages.info(
                request,
                _("Your reservation lapsed when the session started: seat %(n)s was no longer held.")
                % {"n": last[1] + 1},
            )
        elif last is not None and last[0] == Reservation.Status.USED:
            # He sat (before the start, or at a start the clock made late) and has left since.
            messages.info(
                request,
                _(
                    "Your reservation of seat %(n)s was used: you sat down at this table, and have left it "
                    "since."
                )
                % {"n": last[1] + 1},
            )
        elif last is not None and last[0] == Reservation.Status.CANCELLED:
            # Cancelled already: from another tab, or by his leaving the club.
            said = _("Your reservation of seat %(n)s is already cancelled.")
            messages.info(request, said % {"n": last[1] + 1})
        else:
            messages.info(request, _("You held no seat at this session."))
    return _reservation_answered(request, session)


@post_only(club_page)
@login_required
def practice_open_view(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    preset = request.POST.get("preset") or "classic"
    try:
        session = practice_table_open(club=club, user=request.user, preset=preset)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect(club)
    if session.preset != preset:
        # His open practice table given back (one a person), of another game than the one he chose:
        # without a word he sat down to Student Khrap having asked for Frap (review 122).
        messages.info(
            request,
            _(
                "Your practice table of %(game)s is still open, and a player has one at a time: here it "
                "is. To play %(chosen)s, leave it (“Leave the table”) and open a practice table again."
            )
            % {"game": preset_title(session.preset), "chosen": preset_title(preset)},
        )
    return redirect(reverse("table_page", args=[session.pk]))


def _table_opened_words(session: TableSession) -> str:
    """What the manager who opened a table is told: "open" for one that opens now, and for a later
    one when it starts, in his time zone (told "open", he told members a closed table was open)."""
    if session.status != TableSession.Status.SCHEDULED:
        return _("The table “%(title)s” is open.") % {"title": session.title}
    return _(
        "The table “%(title)s” is scheduled for %(when)s (%(zone)s); "
        "seating opens %(minutes)s minutes before."
    ) % {
        "title": session.title,
        # The date as the table's page and the club's list give it, in his language (not ISO).
        "when": date_format(timezone.localtime(session.starts_at), _("D j M Y, H:i")),
        "zone": timezone.get_current_timezone_name(),
        "minutes": int(SEATING_OPENS.total_seconds() // 60),
    }


@login_required
def table_create_view(request: HttpRequest, slug: str) -> HttpResponse:
    """A manager opens a table for the club."""
    club = get_object_or_404(Club, slug=slug)
    membership = membership_get(club=club, user=request.user)
    if membership is None or not membership.is_manager:
        raise Http404(_("Only the club's managers can open tables."))
    operator = request.user.is_superuser and request.user.is_active
    if membership.is_suspended and not operator:
        # ``table_session_create`` refuses him: told so at once, not after filling in the form.
        words = TableError("suspended", until=membership.suspended_until, reason=membership.suspend_reason)
        context = {"club": club, "suspended": words.message}
        return render(request, "games/table_create.html", context, status=403)
    form = TableSessionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            session = table_session_create(club=club, actor=request.user, **form.service_values())
        except ServiceError as exc:
            form.refused(exc)
        else:
            messages.success(request, _table_opened_words(session))
            return redirect(reverse("table_page", args=[session.pk]))
    status = 422 if request.method == "POST" else 200
    return render(request, "games/table_create.html", {"club": club, "form": form}, status=status)
