"""The language a websocket speaks, chosen as the pages choose it (club.middleware): the language
switch's cookie (a deliberate choice on this device), else the player's profile, else the browser's
``Accept-Language``, else the site default. The table is a part of its page: the two may not speak
two languages."""

from __future__ import annotations

import zoneinfo
from typing import Any

from django.conf import settings
from django.utils.translation import get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header


def _supported(code: str) -> str | None:
    try:
        return get_supported_language_variant(code)
    except LookupError:
        return None


def socket_language(scope: dict[str, Any]) -> str:
    cookie = (scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME, "")
    if cookie and _supported(cookie):
        return _supported(cookie) or settings.LANGUAGE_CODE
    user = scope.get("user")
    preferred = getattr(user, "preferred_language", "") if user is not None else ""
    if preferred and _supported(preferred):
        return _supported(preferred) or settings.LANGUAGE_CODE
    for name, value in scope.get("headers", ()):
        if name == b"accept-language":
            for code, _quality in parse_accept_lang_header(value.decode("latin-1")[:200]):
                found = _supported(code) if code != "*" else None
                if found:
                    return found
    return settings.LANGUAGE_CODE


def socket_time_zone(scope: dict[str, Any]) -> zoneinfo.ZoneInfo | None:
    """The reader's own time zone, as the pages use it (club.middleware.UserTimezoneMiddleware);
    None: the site's."""
    name = getattr(scope.get("user"), "time_zone", "") or ""
    if not name:
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None
