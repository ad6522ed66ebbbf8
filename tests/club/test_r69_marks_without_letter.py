"""A name of accents alone: a display name "\u0301\u0301" (two combining acute accents) was taken,
and on the table, in the deal list and in the members list the player's name was blank, the accents
drawn over whatever stood before it ("Seat 2: ́́"). A mark with no letter under it (at the start of
a name or after a space) is refused now, as the other characters that draw nothing are. Review 69."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club import services
from club.confusables import invisible_characters, name_skeleton
from club.errors import ServiceError
from club.models import Club, User

from .conftest import client_for

pytestmark = pytest.mark.django_db

BARE = ["\u0301\u0301", "\u0301Vera", "Vera \u0308", "\u20dd", "\u0489ann\u0301a"]
CARRIED = ["Vera", "Ve\u0301ra", "Zoe\u0308", "नमस्ते", "Tiếng Việt", "♠️ Ace", "e\u0301 e\u0301"]


@pytest.mark.parametrize("value", BARE)
def test_a_mark_with_no_letter_to_carry_it_counts(value):
    assert invisible_characters(value)


@pytest.mark.parametrize("value", CARRIED)
def test_marks_on_letters_stay(value):
    assert invisible_characters(value) == []


@pytest.mark.parametrize("value", ["\u0301\u0301", "\u0301Vera"])
def test_the_profile_refuses_a_display_name_of_bare_accents(member: User, value):
    response = client_for(member).post(
        reverse("profile"),
        {"display_name": value, "email": "petar@example.org", "preferred_language": "", "time_zone": "UTC"},
    )
    assert response.status_code == 200
    assert "invisible characters" in response.content.decode()
    member.refresh_from_db()
    assert member.display_name == "Petar"


def test_a_club_name_may_not_start_with_a_bare_accent(stranger):
    with pytest.raises(ServiceError):
        services.club_create(user=stranger, name="\u0301Night Owls")
    assert not Club.objects.filter(name__contains="Night").exists()


def test_a_names_skeleton_keeps_its_marks():
    """The skeleton reads each character alone: a mark is not dropped from it as bare."""
    assert name_skeleton("Ve\u0307ra") != name_skeleton("Vera")
