"""Review 30: the admin's own "change password" page (/admin/password_change/, in the header of every
admin page, open to every club owner and manager) checked the old password with Django's plain form,
without a count: whoever held a manager's logged-in session could guess the password there without
end, the way round the log-in's five tries that review 12 closed on the site's own page. It counts
wrong guesses as the log-in does now, and a locked name is refused whatever is typed."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

NEW = "Zq8!vbnm-long-pass"


def _session(user, address: str = "198.51.100.30") -> Client:
    client = Client(REMOTE_ADDR=address)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _new_password(client: Client, old: str):
    return client.post(
        reverse("admin:password_change"),
        {"old_password": old, "new_password1": NEW, "new_password2": NEW},
    )


@pytest.fixture
def manager(make_user, make_club):
    anna = make_user("anna")
    make_club(anna, "Anna's Club")
    return anna


def test_guessing_the_old_password_in_the_admin_stops_at_the_lock(manager, settings):
    client = _session(manager)
    assert client.get(reverse("admin:password_change")).status_code == 200  # the page is hers
    for k in range(settings.AXES_FAILURE_LIMIT):
        assert _new_password(client, f"guess{k}").status_code in (200, 429)
    response = _new_password(client, TEST_PASSWORD)  # the right one, after the limit
    assert response.status_code == 429
    manager.refresh_from_db()
    assert manager.check_password(TEST_PASSWORD) and not manager.check_password(NEW)
    # The same lock the log-in form keeps: the name is locked at this address there too.
    login = Client(REMOTE_ADDR="198.51.100.30").post(
        reverse("login"), {"username": "anna", "password": TEST_PASSWORD}
    )
    assert login.status_code == 429


def test_the_right_old_password_still_changes_it_after_a_typo(manager):
    client = _session(manager)
    typo = _new_password(client, "typo")
    assert typo.status_code == 200 and "old password was entered incorrectly" in typo.content.decode()
    response = _new_password(client, TEST_PASSWORD)
    assert response.status_code == 302 and response["Location"] == reverse("admin:password_change_done")
    manager.refresh_from_db()
    assert manager.check_password(NEW)
