"""Review 104: code points Unicode has not assigned yet but already files as default-ignorable
(U+2065, U+FFF0–U+FFF8, the unassigned rest of U+E0000–U+E0FFF) are drawn as nothing by browsers
(HarfBuzz hides every default-ignorable, assigned or not). They were no "format character" to
``invisible_characters`` (Python files them as unassigned, Cn), so "Vera" followed by one was
another name than the club's Vera to the look-alike check and the same "Vera" on every page: a
second Vera at the table. Such a character is refused as the zero-width space is."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club import services
from club.confusables import invisible_characters
from club.errors import ServiceError
from club.models import INVISIBLE_MESSAGE, Club, User

from .conftest import client_for

pytestmark = pytest.mark.django_db

IGNORABLE = ["\u2065", "\ufff0", "\ufff8", "\U000e0000", "\U000e0080", "\U000e0fff"]


@pytest.mark.parametrize("char", IGNORABLE, ids=[f"U+{ord(c):04X}" for c in IGNORABLE])
def test_an_unassigned_ignorable_is_invisible(char):
    assert invisible_characters(f"Vera{char}") == [char]
    assert invisible_characters(f"Demo{char} Club\nline", multiline=True) == [char]


@pytest.mark.parametrize("char", ["\u2065", "\U000e0080"])
def test_a_display_name_with_one_is_not_a_second_vera_in_the_club(club, owner, member, char):
    """``member`` (Petar) renames himself after the club's owner, Olga, with the character after it."""
    client = client_for(member)
    page = client.post(
        reverse("profile"),
        {"display_name": f"Olga{char}", "email": member.email, "preferred_language": "", "time_zone": "UTC"},
    )
    assert page.status_code == 200
    assert str(INVISIBLE_MESSAGE) in page.content.decode().replace("&#x27;", "'")
    assert User.objects.get(pk=member.pk).display_name == "Petar"


def test_a_registration_with_one_in_the_display_name_is_refused():
    page = client_for(None).post(
        reverse("register"),
        {
            "username": "newbie",
            "email": "newbie@example.org",
            "display_name": "Olga\u2065",
            "password1": "Brand-new-pass-77",
            "password2": "Brand-new-pass-77",
        },
    )
    assert page.status_code == 200 and not User.objects.filter(username="newbie").exists()


def test_a_club_name_with_one_is_not_a_second_club(club, stranger):
    with pytest.raises(ServiceError):
        services.club_create(user=stranger, name=f"{club.name}\ufff0")
    assert Club.objects.count() == 1
