"""Per-user language and time zone, from the profile, before Django's own locale handling."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone


class UserLanguageMiddleware:
    """A logged-in user's preferred language wins over the browser's, unless a cookie was set by the
    language switch (a deliberate choice on this device)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if settings.LANGUAGE_COOKIE_NAME not in request.COOKIES:
            user = getattr(request, "user", None)
            lang = getattr(user, "preferred_language", "") if user is not None else ""
            if lang:
                request.COOKIES[settings.LANGUAGE_COOKIE_NAME] = lang
        return self.get_response(request)


class UserTimezoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        tz_name = getattr(request.user, "time_zone", "") if hasattr(request, "user") else ""
        if tz_name:
            try:
                timezone.activate(zoneinfo.ZoneInfo(tz_name))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        return self.get_response(request)
