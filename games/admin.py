"""The admin of the live tables: managers see their clubs' tables and deals, read-only.

A running deal's seed and state (every hand, the stock order) are never shown: a manager who could
read them could play with open cards. They appear once the deal is over, like at the table.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.helpers import ActionForm
from django.core.exceptions import ValidationError
from django.db.models import Prefetch, Q
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from club.admin import across_pages_rows
from club.admin_site import ClubScopedAdmin, admin_clubs_for, admin_sees_a_club
from club.confusables import invisible_characters
from club.errors import ServiceError
from club.fields import PlainIdChoiceField, WallClockField
from club.models import INVISIBLE_MESSAGE, Club, Membership
from club.services import manager_suspended_words

from .engine.rules import PRESETS
from .forms import TableSessionForm, zone_named
from .howto import preset_title
from .models import Deal, DealAction, DealPlayer, Reservation, Seat, TableSession
from .presenter import action_words, deal_result_label
from .services import table_session_create


class ManagedClubField(PlainIdChoiceField):
    """One of the clubs the reader manages. A club he was in but manages no more (demoted, banned,
    left since the form was drawn) is said so: "Select a valid choice" told a manager still in the
    admin for his other club nothing of the club taken from him (review 149). Any other club stays an
    invalid choice, its name untold."""

    user: Any = None

    def to_python(self, value: Any) -> Any:
        try:
            return super().to_python(value)
        except ValidationError:
            his = self._membership_once_his(value)
            if his is None:
                raise
            if his.is_manager and his.is_suspended:
                # Still a manager, suspended from the club's tables: he manages nothing until it ends.
                raise ValidationError(manager_suspended_words(his), code="suspended") from None
            raise ValidationError(
                _("You no longer manage %(club)s.") % {"club": his.club.name}, code="not_manager"
            ) from None

    def _membership_once_his(self, value: Any) -> Membership | None:
        if self.user is None or not str(value).isascii() or not str(value).isdigit() or len(str(value)) > 18:
            return None
        return Membership.objects.filter(club_id=int(value), user=self.user).select_related("club").first()


class TableSessionAddForm(TableSessionForm):
    """Scheduling from the admin: the same checks as the club page, through the same service."""

    club = ManagedClubField(label=_("Club"), queryset=Club.objects.none())

    def __init__(self, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        kwargs.pop("instance", None)
        super().__init__(*args, **kwargs)
        self.request = request
        self.fields["club"].queryset = admin_clubs_for(request.user)
        self.fields["club"].user = request.user
        self.created: TableSession | None = None
        self.instance = TableSession()  # what the admin's add view expects a model form to carry

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        values = {k: v for k, v in self.service_values().items() if k != "club"}
        try:
            self.created = table_session_create(club=cleaned["club"], actor=self.request.user, **values)
        except ServiceError as exc:
            self.refused(exc)
        return cleaned

    def save(self, commit: bool = True) -> TableSession:
        assert self.created is not None
        return self.created

    def save_m2m(self) -> None:
        pass


class SessionMoveForm(forms.Form):
    starts_at = WallClockField(
        label=_("New start"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
        help_text=_(
            "In your time zone (%(zone)s). The table keeps its length; seating opens 15 minutes before."
        ),
    )
    # The start this page showed (UTC, ISO): a table another manager moved meanwhile is not moved again
    # from where this manager did not know it stood (review 68). Absent or unreadable: not checked.
    shown_start = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        zone_named(self.fields["starts_at"])

    def clean_shown_start(self) -> datetime | None:
        text = self.cleaned_data.get("shown_start") or ""
        try:
            shown = datetime.fromisoformat(text)
            if shown.tzinfo is None:
                return None
            # Compared on the manager's clock (``clean``): one it cannot show (year 9999 from Tokyo)
            # raised there, and the move answered with a server error (review 141).
            timezone.localtime(shown)
        except (ValueError, OverflowError):
            return None
        return shown

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        typed, shown = cleaned.get("starts_at"), cleaned.get("shown_start")
        if typed is not None and shown is not None:
            # The start the page showed, sent back as shown, is that start: one in the hour the clocks
            # repeat (its second 03:30) was read as the first, and the table moved an hour earlier
            # under words naming the time it already showed (review 127).
            wall = timezone.localtime(shown).replace(tzinfo=None)
            if wall == timezone.localtime(typed).replace(tzinfo=None):
                cleaned["starts_at"] = shown
        return cleaned


def shown_start(session: TableSession) -> str:
    """A table's start as the move page carries it."""
    return session.starts_at.astimezone(UTC).isoformat()


class SeatInline(admin.TabularInline):
    model = Seat
    # Seats counted from 1, as the table's page counts them (position 0 read as a seat "0").
    fields = ("seat_number", "member", "bot_name", "status", "waiting", "sat_at", "left_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    @admin.display(description=_("seat"), ordering="position")
    def seat_number(self, obj: Seat) -> int:
        return obj.position + 1

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # As a journal's lines (ledger.admin.EntryInline): club managers hold no Django model
        # permissions, and a table's page showed them no seat at all (review 51).
        if obj is None:
            return admin_sees_a_club(request)
        return admin_clubs_for(request.user).filter(pk=obj.club_id).exists()

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ReservationInline(SeatInline):
    """Who reserved which seat of a scheduled table: the club page counts them only, and a manager
    cancelling a table, or skipping its week, calls these people's evening off (review 64)."""

    model = Reservation
    verbose_name = _("seat reservation")
    verbose_name_plural = _("seat reservations")
    fields = ("seat_number", "member", "status", "reserved_at")
    readonly_fields = fields

    @admin.display(description=_("reserved at"), ordering="created_at")
    def reserved_at(self, obj: Reservation) -> str:
        return date_format(timezone.localtime(obj.created_at), "DATETIME_FORMAT")

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).select_related("member__user")


class ShownAtActionForm(ActionForm):
    # When the list was shown: an action on "all N across the pages" refuses a selection holding a row
    # that came after it (``_as_shown_across_pages``). No label: Django's action bar writes it.
    shown_at = forms.CharField(
        label="", required=False, widget=forms.HiddenInput, initial=lambda: timezone.now().isoformat()
    )


def _as_shown_across_pages(
    model_admin: admin.ModelAdmin,
    request: HttpRequest,
    queryset: Any,
    since: str,
    words: Callable[[int], str],
) -> Any:
    """The rows an action is to act on, or None (said with ``words``) when an action on "all N across
    the pages" (Django's select-across, the list as it stands when the action runs) holds rows whose
    ``since`` is after the list was shown: a table a colleague scheduled meanwhile was cancelled with
    the rest, unseen, and a player who sat down meanwhile was stood up (review 141, as review 121 for
    bans and grants). Rows ticked on the page are the rows the manager saw. The rows checked are the
    rows acted on (``across_pages_rows``, review 149)."""
    return across_pages_rows(model_admin, request, queryset, lambda when: Q(**{f"{since}__gt": when}), words)


def _tables_came(count: int) -> str:
    return ngettext(
        "Nothing was done: %(count)d table of those selected across the pages was scheduled after the "
        "list was shown. Look at the list again and select anew.",
        "Nothing was done: %(count)d tables of those selected across the pages were scheduled after the "
        "list was shown. Look at the list again and select anew.",
        count,
    )


class PresetFilter(admin.SimpleListFilter):
    """The games by the names the pages give them, in the reader's language (the stored value is
    the preset's code); a code that is no game lists nothing."""

    title = _("Game")
    parameter_name = "preset"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(name, preset_title(name)) for name in PRESETS]

    def queryset(self, request: HttpRequest, queryset: Any) -> Any:
        return queryset.filter(preset=self.value()) if self.value() else queryset


@admin.register(TableSession)
class TableSessionAdmin(ClubScopedAdmin):
    list_display = ("title", "club", "game", "stake", "seat_count", "status", "practice", "starts_at")
    list_filter = ("status", "practice", PresetFilter)
    search_fields = ("title", "club__name", "club__name_skeleton__looks_like")
    list_select_related = ("club",)
    exclude = ("rules", "next_seed", "next_commitment", "create_key", "next_dealer")
    inlines = [SeatInline, ReservationInline]
    readonly_fields = ("game", "next_dealer_seat")

    @admin.display(description=_("next dealer"))
    def next_dealer_seat(self, obj: TableSession) -> str:
        """The seat due to deal, counted from 1 as the table's page counts seats (it read "0")."""
        if obj.next_dealer is None:
            return "—"
        return _("seat %(n)s") % {"n": obj.next_dealer + 1}

    @admin.display(description=_("Game"), ordering="preset")
    def game(self, obj: TableSession) -> str:
        return preset_title(obj.preset)

    def get_fields(self, request: HttpRequest, obj: Any = None):
        # A table's own page shows its game by name, where the preset's code stood.
        fields = [f for f in super().get_fields(request, obj) if f != "game"]
        return ["game" if f == "preset" else f for f in fields]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return admin_sees_a_club(request)

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any):
        if obj is not None:
            return super().get_form(request, obj, change=change, **kwargs)

        class BoundAddForm(TableSessionAddForm):
            def __init__(self, *args: Any, **kw: Any) -> None:
                super().__init__(*args, request=request, **kw)

        return BoundAddForm

    def get_fieldsets(self, request: HttpRequest, obj: Any = None):
        if obj is None:
            return [(None, {"fields": ["club", *TableSessionForm.base_fields]})]
        return super().get_fieldsets(request, obj)

    def get_inlines(self, request: HttpRequest, obj: Any = None):
        return self.inlines if obj is not None else []

    actions = ["cancel_selected", "skip_week_selected", "move_selected"]
    action_form = ShownAtActionForm

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        return admin.ModelAdmin.get_actions(self, request)

    def _refused(self, request: HttpRequest, session: TableSession, exc: ServiceError) -> None:
        # What was asked already so (the action sent again, a second manager) is news, not a failure.
        self.message_user(request, f"{session}: {exc.message}", messages.INFO if exc.done else messages.ERROR)

    def _each(self, request: HttpRequest, queryset: Any, act: Callable[[TableSession], str]) -> None:
        """``act`` on each selected table, its words (or its refusal) said after the table's name."""
        for session in queryset:
            try:
                said = act(session)
            except ServiceError as exc:
                self._refused(request, session, exc)
            else:
                self.message_user(request, f"{session}: {said}")

    @admin.action(description=_("Cancel the selected tables (none dealt yet; a weekly one stops)"))
    def cancel_selected(self, request: HttpRequest, queryset: Any) -> None:
        from .services.schedule import session_cancel

        queryset = _as_shown_across_pages(self, request, queryset, "created_at", _tables_came)
        if queryset is None:
            return

        def cancel(session: TableSession) -> str:
            done = session_cancel(session_id=session.pk, actor=request.user)
            if done.status == TableSession.Status.FINISHED:
                return str(_("closed: nobody plays at it any more; its bank went to the last deal's players"))
            return str(_("cancelled"))

        self._each(request, queryset, cancel)

    @admin.action(description=_("Skip this week of the selected weekly tables (the series goes on)"))
    def skip_week_selected(self, request: HttpRequest, queryset: Any) -> None:
        from .services.schedule import session_skip_week

        queryset = _as_shown_across_pages(self, request, queryset, "created_at", _tables_came)
        if queryset is None:
            return

        def skip(session: TableSession) -> str:
            following = session_skip_week(session_id=session.pk, actor=request.user)
            when = date_format(timezone.localtime(following.starts_at), str(_("D j M Y, H:i")))
            return _("this week is cancelled; the table next meets %(when)s (%(zone)s).") % {
                "when": when,
                "zone": timezone.get_current_timezone_name(),
            }

        self._each(request, queryset, skip)

    @admin.action(description=_("Move the start of the selected table…"))
    def move_selected(self, request: HttpRequest, queryset: Any) -> TemplateResponse | None:
        """A page asking for the new start (in the manager's time zone), as Django's own delete
        action asks for a confirmation; the move itself is ``session_move``'s."""
        from .services.schedule import session_move

        sessions = list(queryset[:2])
        if len(sessions) != 1:
            self.message_user(request, _("Choose one table to move."), messages.ERROR)
            return None
        session = sessions[0]
        form = SessionMoveForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            try:
                moved = session_move(
                    session_id=session.pk,
                    actor=request.user,
                    starts_at=form.cleaned_data["starts_at"],
                    shown_start=form.cleaned_data.get("shown_start"),
                )
            except ServiceError as exc:
                if exc.done or exc.code in ("cancel_closed", "cancel_played", "move_started", "move_weekly"):
                    # Nothing the manager can change on this page: said on the list.
                    self._refused(request, session, exc)
                    return None
                if exc.code == "move_moved":
                    # The page shows the table as it now stands; sent again, it moves from there.
                    session.refresh_from_db()
                    data = request.POST.copy()
                    data["shown_start"] = shown_start(session)
                    form = SessionMoveForm(data)
                    form.is_valid()
                form.add_error("starts_at", exc.message)
            else:
                when = date_format(timezone.localtime(moved.starts_at), str(_("D j M Y, H:i")))
                self.message_user(
                    request,
                    f"{session}: "
                    + _("the table now starts %(when)s (%(zone)s).")
                    % {"when": when, "zone": timezone.get_current_timezone_name()},
                )
                return None
        if not form.is_bound:
            starts = timezone.localtime(session.starts_at)
            form = SessionMoveForm(initial={"starts_at": starts, "shown_start": shown_start(session)})
        context = {
            **self.admin_site.each_context(request),
            "title": _("Move the start of %(table)s") % {"table": session},
            "session": session,
            "starts": date_format(timezone.localtime(session.starts_at), str(_("D j M Y, H:i"))),
            "zone": timezone.get_current_timezone_name(),
            "form": form,
            "opts": self.model._meta,
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/games/tablesession/move.html", context)

    def save_model(self, request: HttpRequest, obj: TableSession, form: Any, change: bool) -> None:
        # Created by the service in the form's clean(): checked and audited there.
        pass

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        pass


class ResultFilter(admin.SimpleListFilter):
    """How deals ended, named as the deal pages name it (the stored value is a code)."""

    title = _("Result")
    parameter_name = "result"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(code, deal_result_label(code)) for code in ("played", "redeal", "instant_win")]

    def queryset(self, request: HttpRequest, queryset: Any) -> Any:
        return queryset.filter(result=self.value()) if self.value() else queryset


@admin.register(Deal)
class DealAdmin(ClubScopedAdmin):
    club_path = "session__club"
    list_display = ("session", "number", "result_shown", "seq", "started_at", "finished_at")
    list_filter = (ResultFilter,)
    search_fields = ("session__title",)
    list_select_related = ("session",)
    # People by name: "Players: [1, 2, 3, 4]" were seat rows' ids and "Dealer: 1" an engine seat
    # counted from 0; the result in detail, the engine's JSON, is told on the deal's own page.
    fields = (
        "session",
        "number",
        "dealer_shown",
        "players_shown",
        "commitment",
        "revealed_seed",
        "seq",
        "started_at",
        "finished_at",
        "result_shown",
        "deal_page",
    )
    readonly_fields = fields

    @staticmethod
    def _names(obj: Deal) -> list[str]:
        """The deal's players' names in engine seat order."""
        seats = Seat.objects.filter(pk__in=obj.players).select_related("member__user").in_bulk()
        return [seats[pk].name if pk in seats else f"#{pk}" for pk in obj.players]

    @admin.display(description=_("players"))
    def players_shown(self, obj: Deal) -> str:
        return ", ".join(self._names(obj))

    @admin.display(description=_("dealer"))
    def dealer_shown(self, obj: Deal) -> str:
        names = self._names(obj)
        return names[obj.dealer] if 0 <= obj.dealer < len(names) else ""

    @admin.display(description=_("result in detail"))
    def deal_page(self, obj: Deal) -> str:
        if not obj.is_over:  # its page opens when it ends, as at the table
            return ""
        return format_html(
            '<a href="{}">{}</a>', reverse("deal_page", args=[obj.pk]), _("On the deal's page")
        )

    @admin.display(description=_("Result"), ordering="result")
    def result_shown(self, obj: Deal) -> str:
        return deal_result_label(obj.result)

    @admin.display(description=_("seed"))
    def revealed_seed(self, obj: Deal) -> str:
        return obj.seed if obj.is_over else str(_("hidden until the deal is over"))


#: A deal's players with what names them (a move's page and list name the player who made it).
_DEALT_WITH_NAMES = DealPlayer.objects.select_related("seat__member__user")


def _seat_player(seat: Seat) -> str:
    """The player of a seat as the admin names people: "Vera (@vera)", display names being no one's
    own (two "Vera"s at two tables read as one person); a bot by its name."""
    return seat.member.user.name_and_username if seat.member_id is not None else seat.name


@admin.register(DealAction)
class DealActionAdmin(ClubScopedAdmin):
    club_path = "deal__session__club"
    list_display = ("deal", "seq", "player", "move", "actor", "created_at")
    list_filter = ("actor",)
    list_select_related = ("deal__session",)
    # The move in words, once: its stored JSON stood beside it under the same label, and its events'
    # JSON (English codes) says nothing the move and the deal's journals do not. Its player by name:
    # the engine's seat counted from 0 ("Seat in the deal: 0") is no seat of the table's page.
    fields = ("deal", "seq", "player", "move", "actor", "created_at")
    readonly_fields = ("move", "player")

    @admin.display(description=_("player"))
    def player(self, obj: DealAction) -> str:
        for dealt in obj.deal.deal_players.all():
            if dealt.engine_seat == obj.seat:
                return _seat_player(dealt.seat)
        return str(obj.seat + 1)

    @admin.display(description=_("move"))
    def move(self, obj: DealAction) -> str:
        session = obj.deal.session
        return action_words(obj.action, session.preset, dark=(session.rules or {}).get("dark"))

    def get_queryset(self, request):
        # Actions of a running deal name the cards given up in exchanges: shown only once it is over.
        # The deal and its table come along: a move's page is titled with them.
        return (
            super()
            .get_queryset(request)
            .filter(deal__finished_at__isnull=False)
            .select_related("deal__session")
            .prefetch_related(Prefetch("deal__deal_players", queryset=_DEALT_WITH_NAMES))
        )


class StandUpActionForm(ShownAtActionForm):
    # No max_length on the field: Django answers an invalid action form with "No action selected."
    # and does nothing. The browser stops at 500; the service keeps the first 500 of a longer one.
    reason = forms.CharField(
        label=_("Reason"), required=False, widget=forms.TextInput(attrs={"maxlength": "500"})
    )


@admin.register(Seat)
class SeatAdmin(ClubScopedAdmin):
    """Who sits where now; a manager can stand a player up (after the deal he plays in)."""

    club_path = "session__club"
    list_display = ("session", "position_shown", "player", "status", "sat_at")
    list_filter = ("status",)
    # Its page as its list: the seat counted from 1 and the player by name (the bot's level, a code,
    # and the position counted from 0 read as another seat).
    fields = (
        "session",
        "position_shown",
        "player",
        "is_bot_shown",
        "status",
        "waiting",
        "leave_after_deal",
        "removed",
        "away_deals",
        "sat_at",
        "left_at",
    )
    readonly_fields = ("position_shown", "player", "is_bot_shown")
    list_select_related = ("session", "member__user")
    action_form = StandUpActionForm
    actions = ["stand_up_selected"]
    says_ticked_rows_gone = False  # "has left the table already", in the action's words

    def get_queryset(self, request: HttpRequest):
        # The table and the player come along: a seat's page is titled with them.
        return (
            super()
            .get_queryset(request)
            .exclude(status=Seat.Status.LEFT)
            .select_related("session", "member__user")
        )

    @admin.display(description=_("seat"), ordering="position")
    def position_shown(self, obj: Seat) -> int:
        return obj.position + 1

    @admin.display(description=_("player"))
    def player(self, obj: Seat) -> str:
        return _seat_player(obj)

    @admin.display(description=_("bot"), boolean=True)
    def is_bot_shown(self, obj: Seat) -> bool:
        return obj.is_bot

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        return admin.ModelAdmin.get_actions(self, request)

    @admin.action(description=_("Stand the selected players up (the reason beside)"))
    def stand_up_selected(self, request: HttpRequest, queryset: Any) -> None:
        from .services import table_stand_up

        reason = (request.POST.get("reason") or "").strip()
        if invisible_characters(reason, multiline=True, joined_emoji=True):
            # The player reads the reason: a right-to-left override would turn it around.
            self.message_user(request, str(INVISIBLE_MESSAGE), messages.ERROR)
            return
        queryset = _as_shown_across_pages(
            self,
            request,
            queryset,
            "sat_at",
            lambda count: ngettext(
                "Nothing was done: %(count)d player of those selected across the pages sat down after the "
                "list was shown. Look at the list again and select anew.",
                "Nothing was done: %(count)d players of those selected across the pages sat down after the "
                "list was shown. Look at the list again and select anew.",
                count,
            ),
        )
        if queryset is None:
            return
        ticked = {value for value in request.POST.getlist(helpers.ACTION_CHECKBOX_NAME) if value.isdigit()}
        seats = list(queryset.select_related("session", "member__user"))
        gone = len(ticked) - len(seats)
        if gone > 0:
            # A stale list: the ticked row's player left since (his seat row is no longer listed).
            self.message_user(
                request,
                ngettext(
                    "%(count)d of the ticked players has left the table already.",
                    "%(count)d of the ticked players have left the table already.",
                    gone,
                )
                % {"count": gone},
                messages.WARNING,
            )
        for seat in seats:
            # Seat's own str() is "12#0 Vera": a table id and a position counted from 0, beside
            # messages that count seats from 1.
            label = _("%(table)s, seat %(n)s (%(name)s)") % {
                "table": seat.session.title,
                "n": seat.position + 1,
                "name": seat.name,
            }
            try:
                now = table_stand_up(
                    session_id=seat.session_id,
                    actor=request.user,
                    position=seat.position,
                    reason=reason,
                    seat_id=seat.pk,
                )
            except ServiceError as exc:
                self.message_user(
                    request, f"{label}: {exc.message}", messages.INFO if exc.done else messages.ERROR
                )
            else:
                self.message_user(
                    request, f"{label}: " + str(_("stood up") if now else _("stands up after this deal"))
                )


from . import jobs_admin  # noqa: E402, F401  (failed background jobs)
