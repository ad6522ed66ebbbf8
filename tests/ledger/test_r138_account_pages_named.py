"""An account's own pages (its page, its history, the refusal of a change) and an entry's page name
the member whose account it is, as the lists and the statement do: they read "Wallet · member #2 · #2"
(a membership id, which no page shows), so an auditor who opened an entry from the list lost whose
chips it moved."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from club import services
from club.models import Membership
from ledger.models import Account, Entry
from ledger.services import chips_grant

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _zone():
    timezone.deactivate()


@pytest.fixture
def books(make_user, make_club, client):
    owner = make_user("olga", display_name="Olga")
    club = make_club(owner, "Alpha")
    vera = make_user("vera", display_name="Vera")
    services.membership_join(club=club, user=vera)
    chips_grant(
        membership=Membership.objects.get(club=club, user=vera),
        amount=40,
        actor=owner,
        reason="welcome",
        idempotency_key="r138:named",
    )
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    wallet = Account.objects.get(club=club, kind=Account.Kind.WALLET)
    return client, wallet


def _title(response) -> str:
    return re.search(r"<title>(.*?)</title>", response.content.decode(), re.S).group(1)


@pytest.mark.parametrize("page", ["change", "history"])
def test_an_accounts_page_is_titled_with_its_member(books, page):
    client, wallet = books
    response = client.get(reverse(f"admin:ledger_account_{page}", args=[wallet.pk]))
    assert response.status_code == 200
    assert "Vera (@vera)" in _title(response)
    assert "member #" not in response.content.decode()


def test_the_refusal_to_delete_an_account_names_its_member(books):
    client, wallet = books
    response = client.get(reverse("admin:ledger_account_delete", args=[wallet.pk]))
    assert response.status_code == 403
    assert "Vera (@vera)" in response.content.decode()
    assert "member #" not in response.content.decode()


def test_an_entrys_page_names_the_member_of_its_account(books):
    client, wallet = books
    entry = Entry.objects.get(account=wallet)
    response = client.get(reverse("admin:ledger_entry_change", args=[entry.pk]))
    assert response.status_code == 200
    assert "Vera (@vera)" in response.content.decode()
    assert "member #" not in response.content.decode()
