"""Punctuation drawn alike. A username may hold any letter, and some letters are drawn as the dot,
the underscore or the apostrophe: "veraꓸk" (a Lisu tone letter) stood beside "vera.k", "veraˍk" (a
modifier letter) beside "vera_k". Display names hold any character: "Anna‐Maria" (a Unicode hyphen)
beside "Anna-Maria", "O’Neil" beside "O'Neil" in one club. Each pair reads as one name now. Review 69."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club import services
from club.confusables import name_forms, username_forms
from club.errors import ServiceError
from club.models import User
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

USERNAMES = [("vera.k", "veraꓸk"), ("vera_k", "veraˍk"), ("vera.k", "veraᐧk")]
DISPLAY_NAMES = [("Anna-Maria", "Anna‐Maria"), ("Anna-Maria", "Anna‑Maria"), ("Anna-Maria", "Anna–Maria"),
                 ("Anna-Maria", "Anna−Maria"), ("O'Neil", "O’Neil"), ("O'Neil", "Oʼneil"),
                 ("Anna·Maria", "Annaᐧmaria")]


@pytest.mark.parametrize("first, second", USERNAMES)
def test_usernames_with_punctuation_drawn_alike_read_as_one(first, second):
    assert set(username_forms(first)) & set(username_forms(second))


@pytest.mark.parametrize("first, second", DISPLAY_NAMES)
def test_display_names_with_punctuation_drawn_alike_read_as_one(first, second):
    assert set(name_forms(first)) & set(name_forms(second))


def test_dashes_that_look_different_stay_apart():
    assert not set(name_forms("Anna-Maria")) & set(name_forms("Anna—Maria"))  # an em dash is long


@pytest.mark.parametrize("first, second", [("vera.k", "veraꓸk"), ("vera_k", "veraˍk")])
def test_registration_refuses_a_username_with_a_letter_drawn_as_punctuation(first, second):
    for username, email in ((first, "one@example.org"), (second, "two@example.org")):
        response = Client().post(reverse("register"), {
            "username": username, "email": email, "display_name": "",
            "password1": TEST_PASSWORD, "password2": TEST_PASSWORD,
        })
    assert response.status_code == 200
    assert "looks like one that is already taken" in response.content.decode()
    assert User.objects.count() == 1


def test_no_one_joins_a_club_as_anna_maria_with_another_hyphen(club, make_user):
    anna = make_user("anna_m", display_name="Anna-Maria")
    services.membership_join(club=club, user=anna)
    with pytest.raises(ServiceError):
        services.membership_join(club=club, user=make_user("eve", display_name="Anna‐Maria"))
