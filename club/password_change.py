"""A password change sent again after it was made (a browser's retry, a resend after a lost answer):
its old password is no longer the account's, and the page said "incorrect" of a change that was
made. Shared by the site's page and the admin's."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

#: How long after a password change the same form sent again is said done (the session's mark).
PASSWORD_SENT_AGAIN_SECONDS = 600
_PASSWORD_CHANGED = "password_changed_at"


class SentAgainIsDone:
    """For a ``PasswordChangeView`` whose form is a ``CheckedPasswordChangeForm``: the same change sent
    again by the session that made it, moments ago, goes to the page that says it is done."""

    request: Any

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)  # type: ignore[misc]
        self.request.session[_PASSWORD_CHANGED] = time.time()
        return response

    def form_invalid(self, form: Any) -> HttpResponse:
        if getattr(form, "sent_again", False):
            return HttpResponseRedirect(self.get_success_url())  # type: ignore[attr-defined]
        return super().form_invalid(form)  # type: ignore[misc]


def change_sent_again(request: HttpRequest, user: Any, data: Mapping[str, Any]) -> bool:
    """Did this session change ``user``'s password to the one ``data`` sends, moments ago, from another
    old one? Asked before the old password is checked, so that the resend is not counted as a wrong
    guess towards the log-in's lock-out (five resends locked the member out with the password he had
    just chosen). Only then is the new password hashed: a guess of it here is counted as before when
    it is wrong, so the form still tells nobody more than the log-in would."""
    changed = request.session.get(_PASSWORD_CHANGED)
    if not isinstance(changed, (int, float)) or isinstance(changed, bool):
        return False
    if not 0 <= time.time() - changed <= PASSWORD_SENT_AGAIN_SECONDS:
        return False
    new = data.get("new_password1") or ""
    if not isinstance(new, str) or not new or new != data.get("new_password2"):
        return False
    if new == data.get("old_password"):
        return False
    return bool(user.check_password(new))
