"""A log-in to an account switched off, answered with the same one hash as any other log-in.

Django's ``ModelBackend`` hashes the typed password, then refuses an inactive account whatever it
was; the log-in form hashed it again to tell the owner of the right password why (review 53). Two
hashes against one: the time the answer took told an attacker which usernames were switched-off
accounts (review 112). This backend, before Django's, answers for switched-off accounts alone: it
hashes once, notes on the request whether the password was right (for the form to say), and stops
the log-in there, so Django's backend never hashes it a second time. A refused log-in is still a
failure django-axes counts (``authenticate`` sends ``user_login_failed``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

#: Set on the request when the password typed was the right one of an account switched off.
SWITCHED_OFF_PASSWORD = "khrap_switched_off_password"


class SwitchedOffAccountBackend:
    """Only ``authenticate``: no ``get_user``, so it never holds a login (Django's ``force_login`` and a
    session take the first backend that has one), and no permissions (Django skips a backend without)."""

    def authenticate(
        self, request: HttpRequest | None, username: Any = None, password: Any = None, **kwargs: Any
    ) -> None:
        users = get_user_model()
        if username is None:
            username = kwargs.get(users.USERNAME_FIELD)
        if username is None or password is None:
            return None
        try:
            user = users._default_manager.get_by_natural_key(username)
        except users.DoesNotExist:
            return None  # Django's backend hashes for the unknown name, as for any other
        if user.is_active:
            return None
        if user.check_password(password) and request is not None:
            setattr(request, SWITCHED_OFF_PASSWORD, True)
        raise PermissionDenied  # no other backend is asked: the one hash is done
