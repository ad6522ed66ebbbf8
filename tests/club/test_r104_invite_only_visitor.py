"""Review 104: a logged-out visitor of an invite-only club's page read "Log in or register to join
this club.": he registered, and the page then told him "This club is invite only: ask a manager
for an invite link." What the club's page says of joining is the club's rule, the same to a visitor
as to anyone logged in; an open or by-approval club still asks him to log in or register."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from .conftest import client_for

pytestmark = pytest.mark.django_db

INVITE_ONLY = "This club is invite only: ask a manager for an invite link."


def _words(language: str, text: str) -> str:
    with translation.override(language):
        words = translation.gettext(text)
    assert (words != text) == (language != "en"), f"not translated to {language}: {text}"
    return escape(words)


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_visitor_of_an_invite_only_club_is_told_it_is_invite_only(invite_club, stranger, language):
    visitor = Client(HTTP_ACCEPT_LANGUAGE=language).get(invite_club.get_absolute_url()).content.decode()
    assert _words(language, INVITE_ONLY) in visitor
    # No "register to join this club" on the page (the header's own Register link comes back here too).
    main = visitor.split("<main", 1)[1]
    assert "/accounts/register/?next=" not in main
    # As a person logged in reads it.
    logged_in = client_for(stranger)
    logged_in.cookies.load({"django_language": language})
    assert _words(language, INVITE_ONLY) in logged_in.get(invite_club.get_absolute_url()).content.decode()


def test_a_visitor_of_an_open_or_by_approval_club_is_asked_to_log_in_or_register(club, approval_club):
    for each in (club, approval_club):
        visitor = Client().get(each.get_absolute_url()).content.decode()
        assert "to join this club" in visitor and INVITE_ONLY not in visitor
