"""Review 26 (a club after a year): the managers' grant form on the club page was a list of every
active member (500 options, some 30 KB of the page, growing with the club). Beyond a few dozen
members it asks for a username instead (typed, no JavaScript needed); the list's posting (the
membership's id) still works. A username that is nobody in the club, only looks like a member's,
names a banned or waiting member, or holds a NUL, is told apart clearly and grants nothing."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Club, Membership, User
from ledger import forms as ledger_forms
from ledger.models import Account, Adjustment, Journal

pytestmark = pytest.mark.django_db
SMALL = 5


@pytest.fixture(autouse=True)
def _small_list(monkeypatch) -> None:
    monkeypatch.setattr(ledger_forms, "GRANT_SELECT_MAX", SMALL, raising=False)


def _login(user: User) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _join(club: Club, username: str, status: str = Membership.Status.ACTIVE) -> Membership:
    user = User.objects.create(username=username, display_name=username.capitalize())
    return Membership.objects.create(club=club, user=user, status=status)


def _grant_form(html: str) -> str:
    return html.split('id="grant-form"', 1)[1].split("</form>", 1)[0]


def _balance(member: Membership) -> int:
    account = Account.objects.filter(member=member, kind="wallet").first()
    return account.balance if account else 0


def test_the_grant_form_does_not_grow_with_the_club(club: Club, owner) -> None:
    client = _login(owner)
    for i in range(SMALL - 1):
        _join(club, f"small{i:03d}")
    small = _grant_form(client.get(club.get_absolute_url()).content.decode())
    assert small.count("<option") >= SMALL and 'name="member_name"' not in small  # a list still
    for i in range(SMALL + 20):
        _join(club, f"grown{i:03d}")
    grown = _grant_form(client.get(club.get_absolute_url()).content.decode())
    for i in range(300):
        _join(club, f"big{i:03d}")
    big = _grant_form(client.get(club.get_absolute_url()).content.decode())
    assert 'name="member_name"' in big and '<select name="member"' not in big
    assert "@big" not in big and "big000" not in big
    assert len(big) == len(grown) < 3_000


def _post(client: Client, club: Club, who: str, token: str, htmx: bool = True):
    data = {"member_name": who, "amount": 30, "reason": "prize", "token": token}
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("ledger_grant", args=[club.slug]), data, headers=headers)


def test_a_username_grants_to_that_member(club: Club, owner) -> None:
    for i in range(SMALL + 1):
        _join(club, f"filler{i:03d}")
    vera = _join(club, "vera")
    client = _login(owner)
    answer = _post(client, club, "vera", "a" * 32)
    assert answer.status_code == 200 and "30 chips granted to Vera" in answer.content.decode()
    assert _post(client, club, " @VERA ", "b" * 32).status_code == 200  # the @ and the case do not matter
    assert _balance(vera) == 60
    # Without htmx: the club page, with the message.
    page = _post(client, club, "vera", "c" * 32, htmx=False)
    assert page.status_code == 302 and _balance(vera) == 90
    # The old list's posting (the membership's id) still grants.
    data = {"member": vera.pk, "amount": 10, "reason": "prize", "token": "d" * 32}
    assert client.post(reverse("ledger_grant", args=[club.slug]), data).status_code == 302
    assert _balance(vera) == 100


def test_odd_names_grant_nothing_and_say_why(club: Club, owner, make_user) -> None:
    for i in range(SMALL + 1):
        _join(club, f"filler{i:03d}")
    _join(club, "vera")
    banned = _join(club, "boris", Membership.Status.BANNED)
    waiting = _join(club, "pavel", Membership.Status.PENDING)
    User.objects.create(username="stranger")  # on the site, not in the club
    client = _login(owner)
    journals = Journal.objects.count()
    cases = {
        "nobody": "No member of this club has the username “nobody”.",
        "stranger": "No member of this club has the username “stranger”.",
        "v\u0435r\u0430": "Did you mean Vera (@vera)?",  # Cyrillic е and а
        "boris": "@boris is not an active member of this club",
        "pavel": "@pavel is not an active member of this club",
        "vera\u200b": "holds invisible characters",  # reads as "vera", is not
        "\u202evera": "holds invisible characters",
        "@": "Choose the member to grant chips to.",
        "": "Choose the member to grant chips to.",
        "x" * 151: "at most 150 characters",
    }
    for n, (typed, said) in enumerate(cases.items()):
        answer = _post(client, club, typed, f"{n:032x}")
        html = answer.content.decode()
        assert answer.status_code == 422, typed
        assert said in re.sub(r"&#x27;|&quot;", "'", html), (typed, html[:2000])
        assert 'name="member_name"' in html  # the form comes back, to be corrected
    # A NUL is refused before any view, as everywhere on the site.
    assert _post(client, club, "vera\x00", "e" * 32).status_code == 400
    assert Journal.objects.count() == journals and not Adjustment.objects.exists()
    assert _balance(banned) == _balance(waiting) == 0
    # Without htmx the club page is shown again (review 123: the form holding what was typed), the
    # message on it.
    page = _post(client, club, "v\u0435r\u0430", "f" * 32, htmx=False)
    assert page.status_code == 200
    shown = page.content.decode()
    assert "Did you mean Vera (@vera)?" in shown and Journal.objects.count() == journals
