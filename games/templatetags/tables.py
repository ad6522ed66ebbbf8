"""``{% club_tables club as tables %}``: the club page lists its tables without its view knowing."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django import template
from django.db.models import OuterRef, Subquery, Sum
from django.utils import translation

from club.models import Club

from ..engine.rules import PRESETS
from ..howto import preset_title
from ..models import TableSession
from ..selectors import table_list_for_club_now

register = template.Library()


@register.simple_tag
def club_tables(club: Club, user: Any = None) -> list[TableSession]:
    return table_list_for_club_now(club=club, user=user)


@lru_cache(maxsize=16)
def _titles(language: str | None) -> tuple[tuple[str, str], ...]:
    """Every game's title in ``language``, looked up once per process: ``preset_title`` translates
    all eight titles to give one, and the club page asks for every game and every table's."""
    return tuple((name, preset_title(name)) for name in PRESETS)


@register.simple_tag
def game_choices() -> list[tuple[str, str]]:
    return list(_titles(translation.get_language()))


@register.filter
def game_title(preset: str) -> str:
    for name, title in _titles(translation.get_language()):
        if name == preset:
            return title
    return preset_title(preset)


@register.filter
def deal_result(code: str) -> str:
    from django.utils.translation import gettext as _

    return {"played": _("Played"), "redeal": _("Redeal"), "instant_win": _("Won at once")}.get(code, code)


@register.simple_tag
def upcoming_sessions(user, club: Club | None = None) -> list[dict]:
    from ..selectors import Upcoming, sessions_upcoming

    if not getattr(user, "is_authenticated", False):
        return Upcoming()
    return sessions_upcoming(user=user, club=club or None)


@register.simple_tag
def open_reports(club: Club) -> int:
    from ..models import Report

    return Report.objects.filter(deal__session__club=club, status=Report.Status.OPEN).count()


@register.simple_tag
def joins_spent(membership: Any) -> int:
    """The times the member joined or asked to join his club in the last day, when that is all the
    day allows (else 0): the leave box said "You can join again at any time" to one whose coming
    back would be refused until tomorrow."""
    from django.conf import settings

    from club.services import joins_in_the_last_day

    if membership is None or membership.pk is None:
        return 0
    done = joins_in_the_last_day(club=membership.club, user=membership.user)
    return done if done >= settings.JOINS_PER_CLUB_PER_DAY else 0


@register.simple_tag
def seats_left_on_leaving(membership: Any) -> list[dict]:
    """The member's seats at his club's tables, with the chips on each (its stack and what a deal
    holds of his) and whether he plays the deal in progress, then the seats he holds ahead of a start
    (``reserved``): leaving the club stands him up from each and gives up each held seat. The leave
    confirmation said only that his wallet's chips stay his: the chips at a table went unmentioned,
    as did the seat he loses. A practice table is named too (``practice``: he is stood up there as
    well), without its chips, which are the club's and never go to his wallet."""
    from ledger.models import Account

    from ..models import Deal, Reservation, Seat

    if membership is None or membership.pk is None or not membership.is_active:
        return []
    chips = (
        Account.objects.filter(
            member_id=OuterRef("member_id"),
            table_id=OuterRef("session_id"),
            kind__in=[Account.Kind.STACK, Account.Kind.HOLD],
        )
        .values("member_id")
        .annotate(total=Sum("balance"))
        .values("total")
    )
    seats = (
        Seat.objects.filter(member=membership)
        .exclude(status=Seat.Status.LEFT)
        .select_related("session")
        .annotate(chips=Subquery(chips[:1]))
        .order_by("session_id")
    )
    seats = list(seats)
    # The running deals of those tables in one read (a read per table grew with the seats he holds).
    dealt: set[int] = set()
    if seats:
        running = Deal.objects.filter(
            session_id__in=[seat.session_id for seat in seats], finished_at__isnull=True
        )
        for players in running.values_list("players", flat=True):
            dealt.update(players)
    shown: list[dict] = []
    for seat in seats:
        practice = seat.session.practice
        shown.append(
            {
                "table": seat.session.title,
                "chips": 0 if practice else seat.chips or 0,
                "dealing": seat.pk in dealt,
                "practice": practice,
            }
        )
    # A seat reserved ahead is given up as well (``member_leave_tables``): one who left and came
    # back before the start found his seat gone, and nothing had told him.
    held = Reservation.objects.filter(member=membership, status=Reservation.Status.HELD)
    for reservation in held.select_related("session").order_by("session__starts_at", "pk"):
        shown.append(
            {
                "table": reservation.session.title,
                "reserved": reservation.session.starts_at,
                "position": reservation.position + 1,
            }
        )
    return shown
