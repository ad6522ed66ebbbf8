"""htmx requests that meet the log-in: one whose log-in had ended goes to the log-in page as a whole
page, and one from a page older than the person's last log-in reloads that page.

``login_required`` answers such a request with a redirect to the log-in page, and the browser follows
a redirect inside htmx's request: htmx then swapped the whole log-in page (header, footer and all)
into the section the button meant to update, under an address bar that still named the club
(review 29). The answer becomes htmx's own redirect (``HX-Redirect``) to the log-in page, with the
page the person is on as ``next``: once logged in he is back on it, and presses the button again.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode, urlsplit

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import resolve_url
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views import csrf
from django_htmx.http import HttpResponseClientRedirect, HttpResponseClientRefresh

_REDIRECTS = frozenset({301, 302, 303, 307, 308})


class HtmxLoginRedirectMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        htmx = getattr(request, "htmx", None)
        if not htmx or response.status_code not in _REDIRECTS:
            return response
        login_path = resolve_url(settings.LOGIN_URL)
        if urlsplit(response.get("Location", "")).path != login_path:
            return response
        # The page the button is on, if it is this site's (django-htmx checks the origin). A header
        # that is no URL ("http://[::1") made django-htmx's urlsplit raise: a 500 for any script.
        try:
            page = htmx.current_url_abs_path or reverse("home")
        except ValueError:
            page = reverse("home")
        return HttpResponseClientRedirect(f"{login_path}?{urlencode({'next': page})}")


STALE_PAGE = _(
    "This page was opened before you logged in or out (in another tab, perhaps), so what you clicked "
    "was not sent and nothing has changed. The page has been reloaded: please do it again."
)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """Django's page for a form sent without its valid token (``403_csrf.html``), except to htmx: it
    does not show a 403, so a button on a page older than the person's last log-in did nothing at
    all. htmx reloads the page (with a fresh token), which says why."""
    if request.headers.get("HX-Request") == "true":
        messages.error(request, STALE_PAGE)
        return HttpResponseClientRefresh()
    return csrf.csrf_failure(request, reason=reason)
