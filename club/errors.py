"""Errors that services raise; views and consumers turn them into a message and change nothing."""

from __future__ import annotations


class ServiceError(Exception):
    """A request that was refused. ``message`` is a sentence the person can read."""

    code = "invalid"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code:
            self.code = code

    def __str__(self) -> str:
        return str(self.message)


class NotAllowed(ServiceError):
    """The actor may not do this (wrong club, wrong role, banned)."""

    code = "forbidden"
