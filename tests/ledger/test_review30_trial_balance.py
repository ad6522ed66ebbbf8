"""Review 30: a club's trial balance in the admin listed every account the club ever opened. Each
table opens a bank and a stack and a hold per player, so a club a year old has tens of thousands,
nearly all holding nothing once their table closed: 27,000 accounts made a 4.5 MB page that took
11 s. The page now sums the kinds in the database, lists the accounts that hold chips a page at a
time, and says how many hold none (the accounts list shows them)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Club, User
from games.engine import PRESETS
from games.models import TableSession
from ledger import selectors
from ledger.models import Account
from ledger.services import chips_grant

pytestmark = pytest.mark.django_db
BACKEND = "django.contrib.auth.backends.ModelBackend"
CLOSED_TABLES = 120


def login(user: User) -> Client:
    client = Client()
    client.force_login(user, backend=BACKEND)
    return client


@pytest.fixture
def old_club(club: Club, owner: User, member_factory) -> tuple[Club, list]:
    """Three members holding chips, and the empty banks of many closed tables."""
    holders = []
    for amount in (30, 20, 10):
        member = member_factory()
        chips_grant(membership=member, amount=amount, actor=owner, reason="welcome")
        holders.append(member)
    tables = TableSession.objects.bulk_create(
        TableSession(
            club=club,
            title=f"Evening {n}",
            preset="classic",
            rules=PRESETS["classic"].to_json(),
            stake=5,
            seat_count=4,
            buy_in_min=1,
            buy_in_max=1000,
            status=TableSession.Status.FINISHED,
            created_by=owner,
        )
        for n in range(CLOSED_TABLES)
    )
    Account.objects.bulk_create(Account(club=club, kind=Account.Kind.BANK, table=t) for t in tables)
    return club, holders


def _statement_links(page: str) -> list[str]:
    return re.findall(r'href="/admin/ledger/account/(\d+)/statement/"', page)


def test_the_trial_balance_lists_the_accounts_holding_chips_and_counts_the_rest(old_club, owner) -> None:
    club, holders = old_club
    response = login(owner).get(reverse("admin:ledger_trial_balance", args=[club.pk]))
    page = response.content.decode()
    assert response.status_code == 200
    listed = _statement_links(page)
    treasury = Account.objects.get(club=club, kind=Account.Kind.TREASURY)
    wallets = Account.objects.filter(member__in=holders, kind=Account.Kind.WALLET)
    assert sorted(listed) == sorted(str(a.pk) for a in [treasury, *wallets])
    assert "The balances sum to zero." in page
    # The accounts holding nothing are counted, and the accounts list of the club shows them.
    assert f"{CLOSED_TABLES} accounts hold no chips and are not listed here." in page
    accounts_url = f"/admin/ledger/account/?club__id__exact={club.pk}"
    assert accounts_url in page
    bank = Account.objects.filter(club=club, kind=Account.Kind.BANK).first()
    found = login(owner).get(accounts_url, {"q": f"{bank.table_id}"}).content.decode()
    assert f"/admin/ledger/account/{bank.pk}/change/" in found
    # The totals by kind still count every account.
    assert "<td>Table bank</td><td>0</td>" in page and "<td>Wallet</td><td>60</td>" in page


def test_the_accounts_holding_chips_come_a_page_at_a_time(old_club, owner, monkeypatch) -> None:
    club, _holders = old_club
    monkeypatch.setattr(selectors, "TRIAL_BALANCE_PAGE", 2)
    client = login(owner)
    url = reverse("admin:ledger_trial_balance", args=[club.pk])
    first = client.get(url).content.decode()
    second = client.get(url, {"page": "2"}).content.decode()
    shown = _statement_links(first) + _statement_links(second)
    holding = Account.objects.filter(club=club).exclude(balance=0).order_by("kind", "id")
    assert shown == [str(a.pk) for a in holding]  # four accounts: two a page, in the list's order
    assert len(_statement_links(first)) == 2 and 'href="?page=2"' in first
    assert 'href="?page=1"' in second
    # Odd page numbers show the first page, one past the end the last.
    for odd in ("abc", "0", "-1", "²", "9" * 30):
        page = client.get(url, {"page": odd})
        assert page.status_code == 200
        links = _statement_links(page.content.decode())
        assert links in (_statement_links(first), _statement_links(second))
