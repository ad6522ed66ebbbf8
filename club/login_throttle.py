"""Failed log-ins counted per client address as well as per (username, address).

django-axes locks a username at one address after ``AXES_FAILURE_LIMIT`` failures; an attacker who
tries a few common passwords on many usernames (password spraying) never reaches that. The address
as a whole is locked after ``LOGIN_ADDRESS_FAILURE_LIMIT`` failures in the cool-off window, a limit
high enough that a club playing behind one router does not lock itself out by typos.
"""

from __future__ import annotations

from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import authenticate
from django.db.models import Sum
from django.http import HttpRequest

from .confusables import LONGEST_TYPED_USERNAME, username_forms

#: The length of django-axes' username columns.
AXES_USERNAME_LENGTH = 255


def address_failures(request: HttpRequest) -> int:
    """Failed log-ins from this request's client address, over every username, in the window."""
    address = getattr(request, "axes_ip_address", None)
    if not address:
        return 0
    recent = AccessAttempt.objects.filter(
        ip_address=address, attempt_time__gte=get_cool_off_threshold(request)
    )
    return recent.aggregate(total=Sum("failures_since_start"))["total"] or 0


def axes_username(request: HttpRequest, credentials: dict[str, Any] | None = None) -> Any:
    """The username as the log-in reads it in small letters (``username_forms``): "Vera", "VERA" and
    "vеra" (a Cyrillic е) log in to one account, so they count as one name towards its lock-out;
    counted as typed, each spelling would get its own five tries. The small form, not the skeleton:
    every case of a name shares it ("Вера", "вера" and "ВЕРА"; the skeleton reads the capital В as
    a Latin B)."""
    source = credentials if credentials else getattr(request, "data", request.POST)
    name = source.get(settings.AXES_USERNAME_FORM_FIELD) if source else None
    if not isinstance(name, str):
        return name
    # Cut to axes' column (255): casefold() lengthens a name ("ß" reads "ss"), and PostgreSQL refused
    # the longer row (a 500 for a wrong password, never counted towards the lock-out). Cut before the
    # fold too: folding a name of megabytes cost a second of CPU (review 147).
    return username_forms(name[:LONGEST_TYPED_USERNAME])[1][:AXES_USERNAME_LENGTH]


class ClubAxesHandler(AxesDatabaseHandler):
    def is_locked(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> bool:
        if super().is_locked(request, credentials):
            return True
        if address_failures(request) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            request.khrap_address_locked = True  # type: ignore[attr-defined]  # the page says why
            # axes marks a lock-out itself only when its own (username, address) count is reached;
            # without this the refused log-in would read as a wrong password.
            request.axes_locked_out = True  # type: ignore[attr-defined]
            return True
        return False


def password_confirmed(request: HttpRequest, user: Any, password: str) -> bool:
    """Is ``password`` this user's own? Asked as a log-in asks it (``authenticate``), so a wrong one
    counts towards the lock-out of his name at this address, and a locked name is refused whatever is
    typed (the page is then the lock-out's). The forms that ask for the current password (a new email
    address, a new password) let whoever held a logged-in session guess it without end: a way round
    the log-in's five tries."""
    if not password:
        return False
    found = authenticate(request, username=user.get_username(), password=password)
    return found is not None and found.pk == user.pk


__all__ = ["ClubAxesHandler", "address_failures", "axes_username", "password_confirmed"]
