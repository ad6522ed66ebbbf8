"""``{% club_tables club as tables %}``: the club page lists its tables without its view knowing."""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.utils import translation

from club.models import Club

from ..engine.rules import PRESETS
from ..howto import preset_title
from ..models import TableSession
from ..selectors import table_list_for_club_now

register = template.Library()


@register.simple_tag
def club_tables(club: Club) -> list[TableSession]:
    return table_list_for_club_now(club=club)


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
    from ..selectors import sessions_upcoming

    if not getattr(user, "is_authenticated", False):
        return []
    return sessions_upcoming(user=user, club=club or None)


@register.simple_tag
def open_reports(club: Club) -> int:
    from ..models import Report

    return Report.objects.filter(deal__session__club=club, status=Report.Status.OPEN).count()
