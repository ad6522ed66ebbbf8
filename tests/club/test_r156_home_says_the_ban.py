"""Review 156: Petar, banned from the only club he was in, opened the home page: "You are not in any
club yet. Join one below or create your own." Nothing of the ban, which the club's page and its
tables both tell him (until when, and why). The home page names each club he is banned from, with
the ban's end (or that it has none) and the managers' reason, and does not say he is in no club."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club import services

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _banned_part(page: str) -> str:
    start = page.index('id="banned-clubs"')
    return page[start : page.index("</section>", start)]


def test_a_ban_with_an_end_is_named_on_the_home_page(club, owner, member) -> None:
    services.membership_ban(
        membership=m(club, member),
        actor=owner,
        reason="rude at table 3",
        until=timezone.now() + timedelta(days=3),
    )
    page = client_for(member).get("/").content.decode()
    assert "You are not in any club yet" not in page
    said = _banned_part(page)
    assert club.name in said and club.get_absolute_url() in said
    assert "The ban ends on" in said
    assert "rude at table 3" in said


def test_a_ban_for_good_says_it_has_no_end(club, owner, member) -> None:
    services.membership_ban(membership=m(club, member), actor=owner)
    said = _banned_part(client_for(member).get("/").content.decode())
    assert "no end" in said and "The managers gave no reason." in said


def test_a_ban_whose_time_is_up_is_not_said(club, owner, member) -> None:
    """The clock lifts it within seconds: the page does not wait for it (``Membership.is_banned``)."""
    services.membership_ban(
        membership=m(club, member), actor=owner, reason="rude", until=timezone.now() + timedelta(days=3)
    )
    m(club, member).__class__.objects.filter(pk=m(club, member).pk).update(
        ban_until=timezone.now() - timedelta(seconds=1)
    )
    page = client_for(member).get("/").content.decode()
    assert 'id="banned-clubs"' not in page


def test_in_russian(club, owner, member) -> None:
    services.membership_ban(membership=m(club, member), actor=owner, reason="грубость")
    client = client_for(member)
    client.cookies["django_language"] = "ru"
    said = _banned_part(client.get("/").content.decode())
    assert "Клубы, где вы заблокированы" in said and "грубость" in said
