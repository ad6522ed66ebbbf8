"""Review 79: what one person learns about another through forms and filters he may post or type."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages

from club.models import Club, Membership
from tests.club.conftest import client_for, m

pytestmark = pytest.mark.django_db


def _said(response) -> list[str]:
    return [str(x) for x in get_messages(response.wsgi_request)]


@pytest.mark.parametrize("who", ["stranger", "member"])
def test_the_hand_over_form_posted_by_someone_who_manages_nothing_names_nobody(
    who, owner, member, stranger, club: Club
) -> None:
    """A stranger (whose club page shows no one) posted the hand-over form with the owner's row and
    read "Olga is already the club's owner."; he is told what anyone who manages nothing is told."""
    reader = {"stranger": stranger, "member": member}[who]
    url = f"/clubs/{club.slug}/members/{m(club, owner).pk}/hand-over/"
    response = client_for(reader).post(url, {"confirm": "1"})
    assert response.status_code == 302
    said = _said(response)
    assert said == ["Only the club's managers can do this."]
    assert not any("Olga" in text for text in said)
    assert m(club, owner).role == Membership.Role.OWNER
