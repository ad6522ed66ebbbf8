"""A display name that carries a username: "Vera (@vera)". The site shows a username after an "@"
beside a display name wherever a manager picks someone (the grant form's list, the admin), so Eve
named "Vera (@vera)" was listed as "Vera (@vera) (@eve)" right under the real "Vera (@vera)", and at
the table she read as the one whose username shows. A new display name may not hold an "@" (in any
width); a name kept from before may still be saved. Review 69."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club import services
from club.models import User
from ledger.forms import GrantForm
from tests.conftest import TEST_PASSWORD

from .conftest import client_for

pytestmark = pytest.mark.django_db

POSING = ["Vera (@vera)", "@vera", "Vera ＠vera", "vera﹫home"]


def profile(user: User, display_name: str):
    return client_for(user).post(reverse("profile"), {
        "display_name": display_name, "email": user.email, "preferred_language": "", "time_zone": "UTC",
    })


@pytest.mark.parametrize("name", POSING)
def test_the_profile_refuses_a_display_name_with_an_at(member, name):
    response = profile(member, name)
    assert response.status_code == 200
    assert "cannot hold “@”" in response.content.decode()
    member.refresh_from_db()
    assert member.display_name == "Petar"


REFUSALS = [("ru", "не может содержать «@»"), ("bg", "не може да съдържа „@“")]


@pytest.mark.parametrize("language, words", REFUSALS)
def test_the_refusal_is_in_the_players_language(member, language, words):
    member.preferred_language = language
    member.save()
    assert words in profile(member, "Vera (@vera)").content.decode()


def test_registration_refuses_a_display_name_with_an_at():
    response = Client().post(reverse("register"), {
        "username": "eve", "email": "eve@example.org", "display_name": "Vera (@vera)",
        "password1": TEST_PASSWORD, "password2": TEST_PASSWORD,
    })
    assert response.status_code == 200
    assert "cannot hold “@”" in response.content.decode()
    assert not User.objects.filter(username="eve").exists()


def test_the_grant_list_no_longer_shows_two_of_one_label(club, make_user):
    vera = make_user("vera", display_name="Vera")
    services.membership_join(club=club, user=vera)
    eve = make_user("eve", display_name="Eve")
    services.membership_join(club=club, user=eve)
    assert profile(eve, "Vera (@vera)").status_code == 200
    labels = [label for _value, label in GrantForm(club=club).fields["member"].choices]
    assert sum(label.startswith("Vera (@vera)") for label in labels) == 1


def test_a_name_kept_from_before_still_saves(member):
    User.objects.filter(pk=member.pk).update(display_name="Petar @ home")
    member.refresh_from_db()
    response = profile(member, "Petar @ home")
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.display_name == "Petar @ home"


def test_an_at_elsewhere_stays_allowed(member):
    """Usernames keep Django's rule ("vera@home" is a username); only the display name is meant."""
    assert profile(member, "Petar P.").status_code == 302
