"""Clubs one person may open in a day (review 12).

Every open club is listed on the home page of every visitor, and nothing limited how many one person
opened: one account opened 400 in under five seconds against a running server (each with a name and
a 1,900-character description of its choosing), and the home page grew from 3 KB to 169 KB for
everyone. Past ``CLUBS_PER_USER_PER_DAY`` the form says when he may open another (in his language)
and opens nothing; the same form sent twice still lands on the club it opened.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import Club

pytestmark = pytest.mark.django_db


def _client(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _open(client: Client, name: str):
    data = {"name": name, "description": "", "join_policy": "open"}
    return client.post(reverse("club_create"), data, follow=True)


def test_one_person_opens_at_most_the_limit_a_day(make_user, settings):
    settings.CLUBS_PER_USER_PER_DAY = 2
    founder = make_user("founder")
    client = _client(founder)
    assert _open(client, "First Club").redirect_chain[-1][0] == "/clubs/first-club/"
    assert _open(client, "Second Club").redirect_chain[-1][0] == "/clubs/second-club/"
    # A double click of the last form lands on its club, as before.
    assert _open(client, "Second Club").redirect_chain[-1][0] == "/clubs/second-club/"
    refused = _open(client, "Third Club")
    said = "You have opened 2 clubs in the last day: you may open another tomorrow."
    assert said in refused.content.decode()
    assert not Club.objects.filter(name="Third Club").exists()
    # Somebody else is not held back.
    assert _open(_client(make_user("other")), "Third Club").redirect_chain[-1][0] == "/clubs/third-club/"
    # A day later he may again.
    Club.objects.filter(created_by=founder).update(created_at=timezone.now() - timedelta(days=1, minutes=1))
    assert _open(client, "Fourth Club").redirect_chain[-1][0] == "/clubs/fourth-club/"


def test_the_refusal_is_in_the_readers_language(make_user, settings):
    settings.CLUBS_PER_USER_PER_DAY = 1
    founder = make_user("founder")
    _open(_client(founder), "Only Club")
    said = {"ru": "следующий можно открыть завтра", "bg": "следващ може да отворите утре"}
    for language, words in said.items():
        page = _open(_client(founder, language), f"Another {language}").content.decode()
        assert words in page


def test_a_superuser_is_not_counted(make_user, settings):
    settings.CLUBS_PER_USER_PER_DAY = 1
    admin = make_user("root")
    admin.is_superuser = True
    admin.save(update_fields=["is_superuser"])
    client = _client(admin)
    for n in range(3):
        _open(client, f"Admin Club {n}")
    assert Club.objects.filter(created_by=admin).count() == 3
