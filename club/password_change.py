"""A password change sent again after it was made (a browser's retry, a resend after a lost answer):
its old password is no longer the account's, and the page said "incorrect" of a change that was
made. Shared by the site's page and the admin's."""

from __future__ import annotations

import time
from typing import Any

from django.http import HttpResponse, HttpResponseRedirect

#: How long after a password change the same form sent again is said done (the session's mark).
PASSWORD_SENT_AGAIN_SECONDS = 600
_PASSWORD_CHANGED = "password_changed_at"


class SentAgainIsDone:
    """For a ``PasswordChangeView``: the same change sent again by the session that made it, moments
    ago, goes to the page that says it is done."""

    request: Any

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)  # type: ignore[misc]
        self.request.session[_PASSWORD_CHANGED] = time.time()
        return response

    def form_invalid(self, form: Any) -> HttpResponse:
        if self._sent_again(form):
            return HttpResponseRedirect(self.get_success_url())  # type: ignore[attr-defined]
        return super().form_invalid(form)  # type: ignore[misc]

    def _sent_again(self, form: Any) -> bool:
        """Did this session change the password to the one sent, moments ago? Asked only then, so
        the form tells nobody else whether a guess is the password."""
        changed = self.request.session.get(_PASSWORD_CHANGED)
        if not isinstance(changed, (int, float)):
            return False
        if not 0 <= time.time() - changed <= PASSWORD_SENT_AGAIN_SECONDS:
            return False
        if not form.has_error("old_password", "password_incorrect"):
            return False
        new = self.request.POST.get("new_password1") or ""
        same = new == self.request.POST.get("new_password2")
        return bool(new) and same and self.request.user.check_password(new)
