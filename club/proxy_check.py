"""Says in the log why every page redirects to itself when the site and its proxy disagree on HTTPS.

With HTTPS_ONLY on, Django sends a plain-HTTP request to https://. Behind a proxy that ends TLS the
site only sees plain HTTP, and knows better from the proxy's ``X-Forwarded-Proto`` when
BEHIND_PROXY is set: without it (or without the header) each answer is a redirect to the same
address, and the browser gives up with "too many redirects" while the log shows nothing but 301s.
A trusted proxy's "HTTPS" (any case) is read as https, which Django's exact comparison did not.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

logger = logging.getLogger("club.proxy")

NOT_BEHIND_PROXY = (
    "A request came through a proxy that ended HTTPS (X-Forwarded-Proto: https), but BEHIND_PROXY "
    "is not set: the site takes it for plain HTTP and redirects it to HTTPS, again and again. "
    "Set BEHIND_PROXY=1."
)
NO_PROTO_HEADER = (
    "BEHIND_PROXY is set, but the proxy sends no X-Forwarded-Proto header: every request reads as "
    "plain HTTP and is redirected to HTTPS, again and again. Make the proxy send it (nginx: "
    "proxy_set_header X-Forwarded-Proto $scheme;)."
)

#: What this process has said already: once is enough for the operator, and a flood of requests
#: must not become a flood of lines.
_said: set[str] = set()


class ProxyMisconfigMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        proto = request.META.get("HTTP_X_FORWARDED_PROTO", "")
        # The visitor's own is the first value (each proxy on the way appends its own), as Django reads it.
        first = proto.split(",", 1)[0].strip()
        if settings.BEHIND_PROXY and first != "https" and first.lower() == "https":
            # A scheme is case-insensitive (RFC 3986), Django's comparison is not: "HTTPS" from the
            # trusted proxy read as plain HTTP, and every request was redirected to itself.
            request.META["HTTP_X_FORWARDED_PROTO"] = "https"
        if settings.SECURE_SSL_REDIRECT and not request.is_secure():
            if not settings.BEHIND_PROXY and first.lower() == "https":
                _say(NOT_BEHIND_PROXY)
            elif settings.BEHIND_PROXY and not proto:
                _say(NO_PROTO_HEADER)
        return self.get_response(request)


def _say(message: str) -> None:
    if message not in _said:
        _said.add(message)
        logger.error(message)
