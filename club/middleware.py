"""The site's own middleware: odd input refused early, per-user language and time zone."""

from __future__ import annotations

import contextlib
import logging
import zoneinfo
from collections.abc import Callable, Iterable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.utils import timezone, translation
from django.utils.cache import add_never_cache_headers

logger = logging.getLogger("club.requests")


def bad_request_response(request: HttpRequest | None = None) -> HttpResponse:
    """The site's 400 page (templates/400.html), which needs nothing from the database. It is
    answered before the locale middleware, so it takes the reader's language from his language
    cookie or his browser's (a Russian or Bulgarian reader read it in English)."""
    return error_page(request, 400)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500 (club/urls.py): the site's 500 page in the reader's language, taken from the
    request as ``bad_request_response`` does. With the database down the session's read failed in a
    middleware before the locale one, and a logged-in reader got the page in English."""
    return error_page(request, 500)


def error_page(request: HttpRequest | None, status: int) -> HttpResponse:
    """The site's page of an HTTP error (templates/<status>.html, which need nothing from the
    database) in the reader's language, taken from his language cookie or his browser's: these are
    answered before the locale middleware has run, or without it."""
    language = settings.LANGUAGE_CODE if request is None else translation.get_language_from_request(request)
    with translation.override(language):
        html = loader.render_to_string(f"{status}.html", {"LANGUAGE_CODE": language})
    response = HttpResponse(html, status=status)
    response.headers["Content-Language"] = language
    return response


def _has_nul(values: Iterable[str]) -> bool:
    return any("\x00" in value for value in values)


class RejectNulMiddleware:
    """A NUL character anywhere in the path, the query string, a form, a cookie or a header is a 400.

    PostgreSQL refuses NUL in text, so such a value would reach the database as a server error from
    whichever view, filter, session lookup or login record (django-axes stores the user agent) sees it
    first. No person types one: answering here, before any of them runs, is the one fix for all."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self._suspicious(request):
            # Django logs the 400 itself (one line, django.request); this says why, for debugging.
            logger.debug("400: NUL character in the request to %r", request.path)
            return bad_request_response(request)
        return self.get_response(request)

    @staticmethod
    def _suspicious(request: HttpRequest) -> bool:
        if "\x00" in request.path:
            return True
        for key, value in request.META.items():
            if key.startswith("HTTP_") and isinstance(value, str) and "\x00" in value:
                return True
        if _has_nul(request.COOKIES) or _has_nul(request.COOKIES.values()):
            return True
        sources = [request.GET]
        if request.method == "POST":
            # A malformed body: the view that reads it answers, as it would without this check.
            with contextlib.suppress(Exception):
                sources.append(request.POST)
        return any(_has_nul(data.keys()) or any(_has_nul(data.getlist(k)) for k in data) for data in sources)


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


class PrivatePagesNotStoredMiddleware:
    """A page drawn for a logged-in person (My chips, his profile, a club's members, the statement's
    CSV, an htmx part) is never stored: without a Cache-Control the browser kept it, and on a shared
    computer the next person pressed Back after the log-out and read it again (a cache on the way
    could keep it too). Pages drawn for nobody in particular keep their own headers."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            add_never_cache_headers(response)
        return response


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


#: Browser features the site never uses: a page (or anything injected into one) cannot ask for them.
PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer", "autoplay", "camera", "display-capture", "geolocation", "gyroscope",
        "magnetometer", "microphone", "midi", "payment", "publickey-credentials-get", "usb",
        "screen-wake-lock", "xr-spatial-tracking",
    )
)


def content_security_policy(request: HttpRequest) -> str:
    """Everything from the site itself, scripts from its static files only (no inline script, no
    eval: htmx runs with allowEval and its injected indicator styles off), and websockets to the
    site's own host. CSP3 lets 'self' cover ws: and wss: of the same host, older browsers did not,
    so the site's websocket origin is named too."""
    host = request.get_host()
    socket_origin = f"{'wss' if request.is_secure() else 'ws'}://{host}"
    directives = {
        "default-src": "'self'",
        "script-src": "'self'",
        "style-src": "'self'",
        "img-src": "'self' data:",
        "font-src": "'self'",
        "connect-src": f"'self' {socket_origin}",
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }
    return "; ".join(f"{name} {value}" for name, value in directives.items())


class SecurityHeadersMiddleware:
    """Content-Security-Policy and Permissions-Policy on every answer (Django 5.2 sets neither)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            try:
                response["Content-Security-Policy"] = content_security_policy(request)
            except Exception:  # a request with a bad Host header already got its 400
                response["Content-Security-Policy"] = "default-src 'self'; frame-ancestors 'none'"
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response
