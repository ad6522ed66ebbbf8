"""The trial balances' index in the admin listed every club a superuser may see on one page (a site
of thousands of clubs: one page of every name). It lists a hundred at a time, by name, and finds a
club by its name as a reader sees it (any case, look-alike letters); a manager's index still holds
only his clubs."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Club, Membership, User

pytestmark = pytest.mark.django_db
INDEX = "admin:ledger_trial_balance_index"
TRIAL_BALANCE_CLUBS_PAGE = 100  # clubs a page
BACKEND = "django.contrib.auth.backends.ModelBackend"


def login(user: User) -> Client:
    client = Client()
    client.force_login(user, backend=BACKEND)
    return client


def listed(page: str) -> list[str]:
    return re.findall(r'<li><a href="/admin/ledger/account/trial-balance/\d+/">([^<]*)</a></li>', page)


@pytest.fixture
def many_clubs(owner: User) -> list[Club]:
    return [
        Club.objects.create(name=f"Club {n:04d}", slug=f"many-{n}", created_by=owner)
        for n in range(TRIAL_BALANCE_CLUBS_PAGE + 30)
    ]


def test_a_superuser_reads_the_clubs_a_page_at_a_time(many_clubs) -> None:
    root = User.objects.create_superuser(username="root", password="x" * 12)
    client = login(root)
    first = client.get(reverse(INDEX)).content.decode()
    names = listed(first)
    assert names == sorted(c.name for c in many_clubs)[:TRIAL_BALANCE_CLUBS_PAGE]
    assert 'href="?page=2#clubs"' in first
    second = listed(client.get(reverse(INDEX), {"page": "2"}).content.decode())
    assert second == sorted(c.name for c in many_clubs)[TRIAL_BALANCE_CLUBS_PAGE:]
    # An odd page is the first; one past the end offers the way back.
    for odd in ("0", "-1", "abc", "²", "9" * 30, "1 ", "0x2"):
        assert listed(client.get(reverse(INDEX), {"page": odd}).content.decode()) == names
    past = client.get(reverse(INDEX), {"page": "9"}).content.decode()
    assert listed(past) == [] and "?page=1#clubs" in past


def test_a_club_is_found_by_its_name_as_read(many_clubs) -> None:
    root = User.objects.create_superuser(username="root", password="x" * 12)
    client = login(root)
    # A Cyrillic "С" and a lower case, as a reader would type them.
    found = client.get(reverse(INDEX), {"q": "сlub 0107"}).content.decode()
    assert listed(found) == ["Club 0107"]
    assert 'value="сlub 0107"' in found
    nothing = client.get(reverse(INDEX), {"q": "Poker & Co"}).content.decode()
    assert listed(nothing) == [] and "No club's name contains that." in nothing
    # The search is kept on the next page: a hundred-odd clubs whose names contain "club 0".
    kept = client.get(reverse(INDEX), {"q": "Club 0"}).content.decode()
    assert 'href="?q=Club%200&amp;page=2#clubs"' in kept


def test_a_manager_still_sees_only_his_clubs(many_clubs, owner: User) -> None:
    manager = User.objects.create(username="mgr", is_staff=True)
    Membership.objects.create(club=many_clubs[5], user=manager, role=Membership.Role.MANAGER)
    page = login(manager).get(reverse(INDEX), {"q": "club"}).content.decode()
    assert listed(page) == ["Club 0005"]
