"""A request body over the site's limit is refused before it is read (review 156).

The site takes no file and no form near ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (2.5 MB); a 50 MB POST to
any page was read whole before anything looked at it. Django's ASGI handler spools the body to a
temporary file (to disk past ``FILE_UPLOAD_MAX_MEMORY_SIZE``) before the request exists, then the
NUL check read the form, and a file in a multipart body was written to disk once more by the parser.

Two parts: ``BodyLimit`` wraps the ASGI application so a body declared too large is never read and
one sent without a length is read only up to the limit; ``BodyLimitMiddleware`` answers either with
the site's 413 page in the reader's language, before any middleware reads the form (under the test
client and WSGI it is the only part, and the declared length is all it needs).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from .middleware import error_page

Scope = MutableMapping[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Set in the scope by ``BodyLimit`` when a body with no length ran past the limit.
TOO_LARGE = "khrap.body_too_large"


def body_max() -> int:
    """The largest body the site reads: its largest form, the site taking no file."""
    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)


def declared_length(headers: Any) -> int | None:
    """The Content-Length of ASGI headers, None if there is none or it is no number."""
    for name, value in headers:
        if name.lower() == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isascii() and text.isdigit() else None
    return None


class BodyLimit:
    """ASGI: the body of an HTTP request, as Django will read it, is at most ``body_max()`` long."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = body_max()
        declared = declared_length(scope.get("headers", ()))
        if declared is not None and declared <= limit:
            await self.app(scope, receive, send)
            return
        await self.app(scope, _Capped(scope, receive, limit, declared is not None), send)


class _Capped:
    """The body handed on until it passes the limit, then an end: Django builds its request from
    what came, and ``TOO_LARGE`` in the scope (or the declared length) gets it its 413. Django
    listens for a disconnect while it answers and takes any other message for a broken server: after
    a body refused, nothing more is passed on."""

    def __init__(self, scope: Scope, receive: Receive, limit: int, declared_too_large: bool) -> None:
        self.scope, self.receive, self.limit = scope, receive, limit
        self.read = 0
        # A declared length over the limit: the body ends before its first byte is read.
        self.state = "end_now" if declared_too_large else "reading"

    async def __call__(self) -> Message:
        if self.state == "end_now":
            self.state = "refused"
            return {"type": "http.request", "body": b"", "more_body": False}
        if self.state in ("ended", "refused"):
            return await self._after_the_end()
        message = await self.receive()
        if message["type"] != "http.request":
            return message
        self.read += len(message.get("body", b""))
        if self.read > self.limit:
            self.scope[TOO_LARGE] = True
            self.state = "refused"
            return {"type": "http.request", "body": b"", "more_body": False}
        if not message.get("more_body", False):
            self.state = "ended"
        return message

    async def _after_the_end(self) -> Message:
        if self.state == "refused":
            # The rest of the body is left unread: Django stops listening once its 413 is sent,
            # and the server drops what the client still sends with the connection.
            await asyncio.Event().wait()
        return await self.receive()


def too_large_response(request: HttpRequest) -> HttpResponse:
    """The 413 page, in the reader's language (answered before the locale middleware, as the 400)."""
    return error_page(request, 413)


class BodyLimitMiddleware:
    """A body over ``body_max()``, by its declared length or as ``BodyLimit`` found it, is a 413
    before any middleware or view reads it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self._too_large(request):
            return too_large_response(request)
        return self.get_response(request)

    @staticmethod
    def _too_large(request: HttpRequest) -> bool:
        if getattr(request, "scope", {}).get(TOO_LARGE):
            return True
        raw = request.META.get("CONTENT_LENGTH") or ""
        return raw.isascii() and raw.isdigit() and int(raw) > body_max()
