"""A member of every open club read "No open clubs right now." on the home page, just below the open
clubs he is in (review 104): the list to join leaves his own clubs out, so it now says there is no
other club to join; a visitor, or someone in no club, still reads that there is none open."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from club.models import Club

from .conftest import client_for

pytestmark = pytest.mark.django_db


def _home(client: Client, language: str = "en") -> str:
    client.cookies["django_language"] = language
    with translation.override(language):
        return client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_a_member_of_every_open_club_is_told_there_is_no_other(club, member):
    assert list(Club.objects.values_list("pk", flat=True)) == [club.pk]
    page = _home(client_for(member))
    assert "No other club to join right now." in page
    assert "No open clubs right now." not in page
    assert "Других клубов, куда можно вступить, сейчас нет." in _home(client_for(member), "ru")
    assert "В момента няма друг клуб, в който да влезете." in _home(client_for(member), "bg")


def test_someone_in_no_club_with_none_open_reads_that_none_is_open(stranger):
    page = _home(client_for(stranger))
    assert "No open clubs right now." in page
    assert "No other club" not in page
