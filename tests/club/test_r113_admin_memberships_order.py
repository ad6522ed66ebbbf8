"""Review 113: the admin's list of memberships had no order of its own, so Django's fallback showed
the rows newest first by their id: the clubs of a manager of two interleaved, and the people of one
club in the order they first came, wherever the page was cut. It lists them by club, then by name
(as the sidebar's filters and the club page name them); a column clicked still sorts."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from club import services

from .conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def rows(client, query: str = "") -> list[tuple[str, str]]:
    page = client.get(reverse("admin:club_membership_changelist") + query).content.decode()
    body = page[page.index("<tbody") : page.index("</tbody>")]
    members = re.findall(r'<th class="field-member">(?:<a [^>]*>)?([^<]*)<', body)
    clubs = re.findall(r'<td class="field-club[^"]*">([^<]*)<', body)
    return list(zip(clubs, members, strict=True))


def username(shown: str) -> str:
    """The username of a person as the list names him ("Olga (@olga)", "@vera")."""
    return shown.rsplit("@", 1)[1].rstrip(")")


def test_by_club_then_by_name(make_user, make_club) -> None:
    olga = make_user("olga", display_name="Olga")
    zeta = make_club(olga, "Zeta")
    alpha = make_club(olga, "Alpha")
    for name in ("vera", "anna", "mila"):
        person = make_user(name)
        services.membership_join(club=zeta, user=person)
        services.membership_join(club=alpha, user=person)
    listed = rows(client_for(olga))
    assert listed == sorted(listed, key=lambda row: (row[0], username(row[1]))), listed
    assert [club for club, _ in listed] == ["Alpha"] * 4 + ["Zeta"] * 4


def test_a_column_clicked_still_sorts(make_user, make_club) -> None:
    olga = make_user("olga", display_name="Olga")
    club = make_club(olga, "Zeta")
    for name in ("vera", "anna"):
        services.membership_join(club=club, user=make_user(name))
    # The "member" column (the first), descending.
    members = [member for _, member in rows(client_for(olga), "?o=-1")]
    assert members == sorted(members, key=username, reverse=True), members
