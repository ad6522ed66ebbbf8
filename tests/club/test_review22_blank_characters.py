"""Names that draw nothing more than another name (review 22).

The look-alike rules refused format characters (zero-width spaces, direction overrides) but not the
characters Unicode files as letters or marks that draw nothing: the combining grapheme joiner, a
variation selector after a letter, the Hangul fillers (letters, so Django's username rule takes
them), the Khmer inherent vowels, the Braille blank. "Demo Club" with one of them at the end was a
second "Demo Club" on the home page, "vera" with a Hangul filler a second "vera" to log in as and
to sit beside her, and "ㅤㅤ" a username that reads as nothing. A letter under a pile of combining
marks ("Zalgo" text) drew over the names of the rows above and below it.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from club.confusables import invisible_characters, name_skeleton
from club.models import Club, User
from tests.conftest import TEST_PASSWORD

from .conftest import client_for

pytestmark = pytest.mark.django_db

BLANKS = [
    "\u034f",
    "\ufe0f",
    "\ufe00",
    "\U000e0100",
    "\u3164",
    "\uffa0",
    "\u115f",
    "\u17b4",
    "\u180b",
    "\u2800",
]


@pytest.mark.parametrize("blank", BLANKS)
def test_a_club_name_with_a_blank_character_is_refused(make_club, owner, stranger, blank):
    make_club(owner, "Demo Club", join_policy=Club.JoinPolicy.OPEN)
    response = client_for(stranger).post(
        reverse("club_create"), {"name": f"Demo Club{blank}", "join_policy": "open"}
    )
    assert response.status_code == 200
    assert "invisible characters" in response.content.decode()
    assert Club.objects.count() == 1


@pytest.mark.parametrize("username", ["vera\u3164", "\u3164\u3164", "ve\uffa0ra", "\u115fvera"])
def test_a_username_with_a_hangul_filler_is_refused(make_user, client, username):
    make_user("vera")
    response = client.post(
        reverse("register"),
        {
            "username": username,
            "email": "new@example.org",
            "password1": TEST_PASSWORD,
            "password2": TEST_PASSWORD,
        },
    )
    assert response.status_code == 200
    assert "invisible characters" in response.content.decode()
    assert User.objects.count() == 1


@pytest.mark.parametrize("blank", ["\u034f", "\ufe0f", "\u3164"])
def test_a_display_name_with_a_blank_character_is_refused(member, blank):
    response = client_for(member).post(
        reverse("profile"), {"display_name": f"Olga{blank}", "email": member.email, "time_zone": "UTC"}
    )
    assert "invisible characters" in response.content.decode()
    member.refresh_from_db()
    assert member.display_name == "Petar"


def test_a_pile_of_combining_marks_is_refused(member):
    zalgo = "Petar" + "\u0301\u0308\u0336\u0337\u0338\u0335" * 3
    response = client_for(member).post(
        reverse("profile"), {"display_name": zalgo, "email": member.email, "time_zone": "UTC"}
    )
    assert "invisible characters" in response.content.decode()
    member.refresh_from_db()
    assert member.display_name == "Petar"


@pytest.mark.parametrize(
    "text",
    ["Nguyễn Thị Ánh", "Ngu\u0301\u0302yen", "हिन्दी क्लब", "Клуб ♠️", "Club ❤️ 1️⃣", "Йордан", "ไทย"],
)
def test_real_writing_and_emoji_stay_allowed(text):
    assert invisible_characters(text) == []


def test_an_emoji_with_or_without_its_selector_is_one_club_name():
    assert name_skeleton("Клуб ♠️") == name_skeleton("Клуб ♠")
