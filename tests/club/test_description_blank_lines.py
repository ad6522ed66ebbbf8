"""A club's description could be its 2,000 characters of line breaks, each drawn as a line on the
club page and on every invite page (review 35's note): a page two thousand lines long. Every run of
blank lines is kept as one paragraph break, when the club is opened and when its settings change."""

from __future__ import annotations

import pytest
from django.test import Client

from club import services
from club.models import Club, User

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner() -> User:
    return User.objects.create_user("olga", "olga@example.org", "Chips-and-Trumps-2024")


def test_a_new_club_keeps_one_break_for_a_run_of_blank_lines(owner: User) -> None:
    club = services.club_create(
        user=owner, name="Breaks", description="Fridays.\r\n" + "\n \t" * 1500 + "\nBring chips.\n"
    )
    assert Club.objects.get(pk=club.pk).description == "Fridays.\n\nBring chips."
    page = Client().get(club.get_absolute_url()).content.decode()
    assert page.count("<br>") <= 2


def test_the_settings_keep_one_break_and_the_lines_a_text_has(owner: User) -> None:
    club = services.club_create(user=owner, name="Lines")
    services.club_update(
        club=club,
        actor=owner,
        description="Rules:\n1. Play fair.\n2. Pay up.\n\n\n\n\nSee you.",
        join_policy=club.join_policy,
    )
    assert Club.objects.get(pk=club.pk).description == "Rules:\n1. Play fair.\n2. Pay up.\n\nSee you."
