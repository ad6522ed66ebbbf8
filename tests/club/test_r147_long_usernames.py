"""Review 147: a username of two million characters, typed into the log-in form, was folded for
look-alike letters (``club.confusables.username_skeleton``: NFKC twice, casefold, translations) ten
times over, by the lock-out's count and by both log-in backends, before anything said no: over a
second of the server's CPU for one request (Django's log-in form sets the field's length but checks
it nowhere, so the whole name went to ``authenticate``). The registration form normalised it too and
sent it to the database, looking for an account the same form might have opened a moment ago. A name
far longer than any username is now refused as it arrives, before it is normalised or looked up."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.login_throttle import axes_username
from club.models import User
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

HUGE = "é" * 1_000_000  # "é" costs the folding most: each is taken apart and put together again
#: The longest text the site may normalise on the way to refusing a huge name.
READ_AT_MOST = 2_000


@pytest.fixture(autouse=True)
def _no_zone() -> None:
    timezone.deactivate()


@pytest.fixture
def normalised(monkeypatch) -> list[int]:
    """The lengths of the texts Unicode-normalised (every folding and Django's username fields)."""
    lengths: list[int] = []
    real = unicodedata.normalize

    def spy(form: str, text: Any) -> Any:
        lengths.append(len(text))
        return real(form, text)

    monkeypatch.setattr(unicodedata, "normalize", spy)
    return lengths


def test_a_huge_name_at_the_log_in_is_refused_unread(make_user, normalised):
    make_user("vera")
    response = Client().post(reverse("login"), {"username": HUGE, "password": "wrong"})
    assert response.status_code == 200
    # Said as Django's length check says it, beside the field.
    assert response.context["form"].errors["username"] == [
        "Ensure this value has at most 150 characters (it has 1000000)."
    ]
    assert max(normalised, default=0) <= READ_AT_MOST
    assert "_auth_user_id" not in response.wsgi_request.session
    assert all(len(name) <= 255 for name in AccessAttempt.objects.values_list("username", flat=True))


def test_a_huge_name_at_registration_is_refused_unread(normalised):
    response = Client().post(
        reverse("register"),
        {
            "username": HUGE,
            "email": "new@example.org",
            "password1": TEST_PASSWORD,
            "password2": TEST_PASSWORD,
        },
    )
    assert response.status_code == 200
    assert response.context["form"].has_error("username")
    assert max(normalised, default=0) <= READ_AT_MOST
    assert not User.objects.filter(email="new@example.org").exists()


def test_no_one_is_looked_up_by_a_huge_name(make_user, normalised):
    make_user("vera")
    with pytest.raises(User.DoesNotExist):
        User.objects.get_by_natural_key("vera" + " " * 1_000_000)
    assert max(normalised, default=0) <= READ_AT_MOST


def test_the_lock_out_counts_a_huge_name_by_its_beginning(rf, normalised):
    request = rf.post("/accounts/login/", {"username": HUGE})
    name = axes_username(request)
    assert 0 < len(name) <= 255
    assert max(normalised, default=0) <= READ_AT_MOST


def test_a_long_name_typed_decomposed_still_logs_in(make_user):
    # 150 letters, the longest username, typed taken apart (NFD: "e" and its accent): 300 characters
    # that read as the account's name.
    make_user("é" * 150)
    typed = unicodedata.normalize("NFD", "é" * 150)
    assert len(typed) == 300
    client = Client()
    response = client.post(reverse("login"), {"username": typed, "password": TEST_PASSWORD})
    assert response.status_code == 302 and "_auth_user_id" in client.session
