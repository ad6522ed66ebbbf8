"""A password change sent again by the session that made it is not a wrong guess.

The resend (a double click, a browser's retry after a lost answer) carries the old password, which is
no longer the account's: the page said the change was done (review 69), but the form had already
counted the old password as a failed guess towards the log-in's lock-out. Five resends locked the
member out of his own account with the password he had just chosen.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

NEW = "Zq8!vbnm-long-pass"
ADDRESS = "198.51.100.31"


@pytest.fixture(autouse=True)
def _no_time_zone():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _change(client: Client, url: str, old: str, new: str = NEW):
    return client.post(url, {"old_password": old, "new_password1": new, "new_password2": new})


@pytest.mark.parametrize(
    ("page", "done"),
    [("password_change", "password_change_done"), ("admin:password_change", "admin:password_change_done")],
)
def test_resends_of_a_made_change_do_not_lock_the_member_out(make_user, settings, page, done, request):
    user = make_user("anna")
    if page.startswith("admin:"):
        user.is_staff = True
        user.is_superuser = True
        user.save()
    client = Client(REMOTE_ADDR=ADDRESS)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    assert _change(client, reverse(page), TEST_PASSWORD).url == reverse(done)
    for _ in range(settings.AXES_FAILURE_LIMIT + 1):
        again = _change(client, reverse(page), TEST_PASSWORD)
        assert again.status_code == 302 and again.url == reverse(done)
    login = Client(REMOTE_ADDR=ADDRESS).post(reverse("login"), {"username": "anna", "password": NEW})
    assert login.status_code == 302, "the resends were counted as wrong guesses"


def test_a_wrong_old_password_still_counts_after_a_change(make_user, settings):
    """Only the session's own change sent again is let through: another new password under a wrong old
    one is a guess as before, and the lock still comes."""
    user = make_user("anna")
    client = Client(REMOTE_ADDR=ADDRESS)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    assert _change(client, reverse("password_change"), TEST_PASSWORD).status_code == 302
    for k in range(settings.AXES_FAILURE_LIMIT):
        guess = _change(client, reverse("password_change"), f"guess{k}", new=f"Other-pass-{k}77")
        assert guess.status_code in (200, 429)
    login = Client(REMOTE_ADDR=ADDRESS).post(reverse("login"), {"username": "anna", "password": NEW})
    assert login.status_code == 429
