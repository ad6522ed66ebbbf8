"""A superuser edits a club in the admin: the same checks as the owner's settings page (a name that
reads like another club's, chip limits out of range) and an audit row, never a 500 or a silent
change."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club.models import AuditLog, Club

from .conftest import client_for

pytestmark = pytest.mark.django_db


def _form(club: Club, **changes: str) -> dict[str, str]:
    values = {
        "name": club.name,
        "description": club.description,
        "join_policy": club.join_policy,
        "grant_limit": str(club.grant_limit),
        "self_grant_limit": str(club.self_grant_limit),
        "four_eyes_above": str(club.four_eyes_above),
        "default_preset": club.default_preset,
    }
    return {**values, **changes}


def test_a_look_alike_name_is_refused_on_the_form(root, club, make_club, make_user):
    other = make_club(make_user("boris"), "Elsewhere")
    client = client_for(root)
    client.raise_request_exception = False
    # "Open Table" with a Cyrillic О: reads like the first club's name.
    response = client.post(
        reverse("admin:club_club_change", args=[other.pk]), _form(other, name="\u041epen Table")
    )
    assert response.status_code == 200
    assert "looks the same" in response.content.decode()
    other.refresh_from_db()
    assert other.name == "Elsewhere"


def test_limits_are_bounded_like_the_settings_page(root, club):
    client = client_for(root)
    response = client.post(
        reverse("admin:club_club_change", args=[club.pk]), _form(club, grant_limit=str(10**18))
    )
    assert response.status_code == 200
    club.refresh_from_db()
    assert club.grant_limit != 10**18


def test_an_admin_change_is_audited(root, club):
    client = client_for(root)
    before = AuditLog.objects.filter(club=club, action="club.updated").count()
    response = client.post(
        reverse("admin:club_club_change", args=[club.pk]),
        _form(club, name="Open Table Two", four_eyes_above="100"),
    )
    assert response.status_code == 302
    club.refresh_from_db()
    assert (club.name, club.four_eyes_above) == ("Open Table Two", 100)
    rows = AuditLog.objects.filter(club=club, action="club.updated")
    assert rows.count() == before + 1
    row = rows.latest("pk")
    assert row.actor == root
    assert set(row.data["changed"]) == {"name", "four_eyes_above"}
    assert row.data["old_name"] == "Open Table" and row.data["four_eyes_above"] == 100


@pytest.mark.parametrize("typed", ["\uff15\uff10", "1_000", "+40", "4e3"])
def test_limits_are_read_in_plain_digits_only(root, club, typed):
    """As on the settings page: "５０" or "1_000" are refused with a sentence, not read as 50 or 1000."""
    before = club.four_eyes_above
    response = client_for(root).post(
        reverse("admin:club_club_change", args=[club.pk]), _form(club, four_eyes_above=typed)
    )
    assert response.status_code == 200
    assert "digits 0–9" in response.content.decode()
    club.refresh_from_db()
    assert club.four_eyes_above == before
