"""Review 112: a display name could hold private-use characters (U+E000–U+F8FF, and the planes 15
and 16): each device draws them its own way (a logo on one, an empty box or nothing on another), so
the name other players read was not the name its owner saw. They are refused with a sentence, on the
profile page and at registration, as other odd characters are."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import escape

from club.models import DISPLAY_PRIVATE_USE_MESSAGE, User
from tests.club.conftest import client_for

pytestmark = pytest.mark.django_db

ODD = ["Vera\ue000", "\uf8ffVera", "Vera \U000f0000", "Vera\U0010fffd"]


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    yield
    timezone.deactivate()


def _profile(user: User, name: str):
    form = {"display_name": name, "email": user.email, "preferred_language": "", "time_zone": "UTC"}
    return client_for(user).post(reverse("profile"), form)


@pytest.mark.parametrize("name", ODD)
def test_the_profile_refuses_a_private_use_character(make_user, name):
    vera = make_user("vera")
    page = _profile(vera, name)
    assert page.status_code == 200
    with translation.override("en"):
        assert escape(str(DISPLAY_PRIVATE_USE_MESSAGE)) in page.content.decode()
    vera.refresh_from_db()
    assert vera.display_name == ""


def test_a_plain_name_and_an_emoji_still_pass(make_user):
    vera = make_user("vera")
    assert _profile(vera, "Vera ♠️").status_code == 302
    vera.refresh_from_db()
    assert vera.display_name == "Vera ♠️"


def test_registration_refuses_one_too(db):
    page = Client().post(
        reverse("register"),
        {
            "username": "gleb",
            "email": "gleb@example.org",
            "display_name": "Gleb\ue000",
            "password1": "a-Long-enough-pass-42",
            "password2": "a-Long-enough-pass-42",
        },
    )
    assert page.status_code == 200
    assert escape(str(DISPLAY_PRIVATE_USE_MESSAGE)) in page.content.decode()
    assert not User.objects.filter(username="gleb").exists()


def test_a_name_kept_from_before_may_stay(make_user):
    vera = make_user("vera")
    User.objects.filter(pk=vera.pk).update(display_name="Vera\ue000")
    vera.refresh_from_db()
    vera.full_clean()  # saving his profile for anything else is not refused for it
