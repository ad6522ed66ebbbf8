"""A display name of punctuation alone ("...", "—", "!!") read as nobody wherever a name stands: the
move log's "... passes.", the deal list's "..., Vera". A new display name needs a letter or a digit
(of any script); one kept from before may still be saved."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club.models import User
from tests.conftest import TEST_PASSWORD

from .conftest import client_for

pytestmark = pytest.mark.django_db

NOBODY = ["...", "—", "!!", "- -", "…", "()", "★"]
SOMEBODY = ["Вера", "R2", "7", "李", "Анна-Мария", "O'Neil", "Ivan ★"]


def profile(user: User, display_name: str):
    return client_for(user).post(reverse("profile"), {
        "display_name": display_name, "email": user.email, "preferred_language": "", "time_zone": "UTC",
    })


@pytest.mark.parametrize("name", NOBODY)
def test_a_name_of_punctuation_alone_is_refused(member, name):
    response = profile(member, name)
    assert response.status_code == 200
    assert "needs at least one letter or digit" in response.content.decode()
    member.refresh_from_db()
    assert member.display_name == "Petar"


@pytest.mark.parametrize("name", SOMEBODY)
def test_a_name_with_a_letter_or_digit_is_taken(member, name):
    assert profile(member, name).status_code == 302
    member.refresh_from_db()
    assert member.display_name == name


def test_registration_refuses_it_too():
    response = Client().post(reverse("register"), {
        "username": "eve", "email": "eve@example.org", "display_name": "...",
        "password1": TEST_PASSWORD, "password2": TEST_PASSWORD,
    })
    assert response.status_code == 200 and "needs at least one letter or digit" in response.content.decode()
    assert not User.objects.filter(username="eve").exists()


def test_a_name_kept_from_before_may_still_be_saved(member):
    User.objects.filter(pk=member.pk).update(display_name="...")
    member.refresh_from_db()
    response = client_for(member).post(reverse("profile"), {
        "display_name": "...", "email": member.email, "preferred_language": "ru", "time_zone": "UTC",
    })
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.preferred_language == "ru"
