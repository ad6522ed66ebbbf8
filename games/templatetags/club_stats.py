"""Template helpers of the stats pages and of the club page's stats card."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

from club.models import Club, Membership

register = template.Library()


@register.filter
def played_time(seconds: int | None) -> str:
    """Seconds as hours and minutes ("3 h 05 min", "12 min")."""
    minutes = int(seconds or 0) // 60
    hours, minutes = divmod(minutes, 60)
    if hours:
        return _("%(h)s h %(m)02d min") % {"h": hours, "m": minutes}
    return _("%(m)s min") % {"m": minutes}


def played_time_exact(seconds: int | None) -> str:
    """Seconds as hours, minutes and seconds ("1 h 02 min 05 s", "0 min 40 s"): a correction of the
    time played reads as a time, and one of a few seconds still shows."""
    minutes, secs = divmod(int(seconds or 0), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return _("%(h)s h %(m)02d min %(s)02d s") % {"h": hours, "m": minutes, "s": secs}
    return _("%(m)s min %(s)02d s") % {"m": minutes, "s": secs}


@register.filter
def signed(value: int | None) -> str:
    if value is None:
        return "—"
    return f"+{value}" if value > 0 else str(value)


@register.simple_tag
def club_dormant_members(club: Club) -> list[Membership]:
    from club.views import MEMBERS_PAGE
    from games.jobs_inactivity import members_dormant

    # One more than the page: the template says there are more (the first night of the mark in an
    # old club finds hundreds, and the page drew each of them).
    return members_dormant(club=club, limit=MEMBERS_PAGE + 1)
