"""Review 49: a logged-in person's pages (My chips, his profile, a club's members and invite links,
the statement's CSV) went out with no Cache-Control at all. On a shared computer the next person
pressed Back after the log-out and read them again from the browser's cache (and any cache on the
way could keep them). A page drawn for a logged-in person is now never stored; pages for nobody in
particular (the rules, the home page of a stranger, static files) keep theirs."""

from __future__ import annotations

import pytest
from django.urls import reverse

from .conftest import client_for

pytestmark = pytest.mark.django_db


def _not_stored(response) -> bool:
    words = {part.strip().lower() for part in response.get("Cache-Control", "").split(",")}
    return {"no-store", "private"} <= words


def test_every_page_of_a_logged_in_member_is_not_stored(club, member, owner):
    pages = [
        (member, reverse("home")),
        (member, reverse("profile")),
        (member, club.get_absolute_url()),
        (member, reverse("ledger_my_chips", args=[club.slug])),
        (member, reverse("ledger_statement_csv", args=[club.slug])),
        (owner, club.get_absolute_url()),
        (owner, reverse("club_settings", args=[club.slug])),
        (owner, reverse("admin:index")),
    ]
    for user, url in pages:
        response = client_for(user).get(url)
        assert response.status_code == 200, url
        assert _not_stored(response), (url, response.get("Cache-Control"))


def test_an_htmx_part_for_a_member_is_not_stored(club, member):
    client = client_for(member)
    part = client.get(reverse("ledger_my_chips", args=[club.slug]) + "?before=1", HTTP_HX_REQUEST="true")
    assert part.status_code == 200
    assert _not_stored(part)


def test_a_strangers_public_page_keeps_its_own_headers():
    from django.test import Client

    response = Client().get("/rules/")
    assert response.status_code == 200
    assert "no-store" not in response.get("Cache-Control", "")
