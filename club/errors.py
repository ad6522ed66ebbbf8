"""Errors that services raise; views and consumers turn them into a message and change nothing."""

from __future__ import annotations


class ServiceError(Exception):
    """A request that was refused. ``message`` is a sentence the person can read."""

    code = "invalid"
    #: The very thing asked for is already so, done by this person (a double click, a browser retry,
    #: a second tab): the page says it as news (``refusal_say``), not in red as a failure.
    done = False

    def __init__(self, message: str, *, code: str | None = None, done: bool = False) -> None:
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        if done:
            self.done = True

    def __str__(self) -> str:
        return str(self.message)


class NotAllowed(ServiceError):
    """The actor may not do this (wrong club, wrong role, banned)."""

    code = "forbidden"


def refusal_say(request, exc: ServiceError) -> None:
    """A refusal on the next page: in red, unless what was asked is already done (``done``)."""
    from django.contrib import messages

    (messages.info if exc.done else messages.error)(request, exc.message)
