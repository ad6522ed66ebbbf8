"""A manager auditing a club's chips in the admin and on the site: every page he reads (the lists of
journals, entries, accounts, adjustments and requests, with a member's filter and a search; an
account's statement; the trial balances; a journal's and an adjustment's page; My chips; the club
page) costs the same number of queries in a club of a handful of journals as in one of hundreds,
with hundreds of members and another club's books beside. The exports hold every row of the list,
in order, in bounded chunks, and a member's statement adds up to his balance."""

from __future__ import annotations

import csv
import io

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from club import services
from club.admin_site import PEOPLE_IN_A_FILTER
from club.models import Club, Membership, User
from ledger.models import Account, Adjustment, ChipRequest, Entry, Journal
from ledger.services import chips_adjust, chips_grant, chips_request, chips_revoke

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _zone():
    timezone.deactivate()


def _login(user: User) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _join(club: Club, user: User) -> Membership:
    services.membership_join(club=club, user=user)
    return Membership.objects.get(club=club, user=user)


def _history(manager: User, members: list[Membership], journals: int, tag: str) -> None:
    """Grants and revokes spread over ``members``, and for each a request for chips and a grant
    waiting for a second manager."""
    for n, member in enumerate(members):
        if not ChipRequest.objects.filter(member=member, status=ChipRequest.Status.OPEN).exists():
            chips_request(member=member, amount=5, note=f"=note {tag}{n}")
        chips_adjust(
            member=member,
            kind="grant",
            amount=6000,
            actor=manager,
            reason=f"-big {tag}",
            idempotency_key=f"{tag}:a{n}",
        )
    for n in range(journals):
        member = members[n % len(members)]
        chips_grant(
            membership=member, amount=10 + n, actor=manager, reason=f"=r{n}", idempotency_key=f"{tag}:{n}"
        )
        if n % 3 == 0:
            chips_revoke(
                membership=member, amount=1, actor=manager, reason="x", idempotency_key=f"{tag}:r{n}"
            )


def _counts(client: Client, urls: list[str]) -> dict[str, int]:
    counted = {}
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, url
        counted[url] = len(queries)
    return counted


def test_every_page_of_the_books_costs_the_same_as_the_books_grow(make_user, make_club):
    owner, other = make_user("olga"), make_user("boris")
    alpha, beta = make_club(owner, "Alpha"), make_club(other, "Beta")
    people = [make_user(f"m{n}", display_name=f"Member {n}") for n in range(6)]
    mine = [_join(alpha, user) for user in people]
    theirs = [_join(beta, user) for user in people]
    # More people than the member filter lists from the start (it lists none past PEOPLE_IN_A_FILTER,
    # and reads the chosen one alone): the growth measured is the books'.
    mine += [_join(alpha, make_user(f"k{n}")) for n in range(PEOPLE_IN_A_FILTER)]
    _history(owner, mine, len(mine), "a1")
    _history(other, theirs, 5, "b1")
    wallet = Account.objects.get(member=mine[0], kind=Account.Kind.WALLET)
    urls = [
        reverse("admin:ledger_journal_changelist"),
        reverse("admin:ledger_journal_changelist") + "?q=m0",
        reverse("admin:ledger_entry_changelist"),
        reverse("admin:ledger_entry_changelist") + f"?member={mine[0].pk}",
        reverse("admin:ledger_entry_changelist") + "?q=m0",
        reverse("admin:ledger_account_changelist"),
        reverse("admin:ledger_adjustment_changelist"),
        reverse("admin:ledger_adjustment_changelist") + "?status__exact=pending&q=m",
        reverse("admin:ledger_chiprequest_changelist"),
        reverse("admin:ledger_trial_balance_index"),
        reverse("admin:ledger_trial_balance", args=[alpha.pk]),
        reverse("admin:ledger_account_statement", args=[wallet.pk]),
        reverse("admin:ledger_journal_change", args=[Journal.objects.filter(club=alpha).first().pk]),
        reverse("admin:ledger_adjustment_change", args=[Adjustment.objects.filter(club=alpha).first().pk]),
        reverse("admin:ledger_account_change", args=[wallet.pk]),
        reverse("ledger_my_chips", args=[alpha.slug]),
        alpha.get_absolute_url(),
    ]
    client = _login(owner)
    _counts(client, urls)  # the caches a first page fills (content types, compiled reads)
    small = _counts(client, urls)
    mine += [_join(alpha, make_user(f"n{n}")) for n in range(60)]
    _history(owner, mine, 150, "a2")
    _history(other, theirs, 60, "b2")
    assert _counts(client, urls) == small


def _rows(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode("utf-8-sig"))))[1:]


def test_the_exports_hold_every_row_in_order_and_add_up(make_user, make_club, monkeypatch):
    import club.csv_stream

    monkeypatch.setattr(club.csv_stream, "CHUNK_ROWS", 3)
    owner, other = make_user("olga"), make_user("boris")
    alpha, beta = make_club(owner, "Alpha"), make_club(other, "Beta")
    vera = make_user("vera", display_name="Vera")
    mine, theirs = _join(alpha, vera), _join(beta, vera)
    _history(owner, [mine], 10, "a")
    _history(other, [theirs], 4, "b")
    client = _login(owner)
    for params in ({}, {"q": "vera"}, {"member": mine.pk}, {"q": "Vera", "o": "-3"}, {"member": theirs.pk}):
        rows = _rows(client.get(reverse("admin:ledger_entry_export"), params))
        expected = Entry.objects.filter(journal__club=alpha)
        if "member" in params or "q" in params:
            expected = expected.filter(account__member=params.get("member", mine.pk))
        assert [int(row[0]) for row in rows] == sorted(expected.values_list("id", flat=True)), params
        # A manager's reason is written, never run by a spreadsheet.
        assert all(not row[12].startswith(("=", "-", "+", "@")) for row in rows)
    rows = _rows(_login(vera).get(reverse("ledger_statement_csv", args=[alpha.slug])))
    balance = 0
    for row in rows:
        balance += int(row[3])
        assert int(row[4]) == balance
        assert not row[2].startswith(("=", "-", "+", "@"))
    assert balance == Account.objects.get(member=mine, kind=Account.Kind.WALLET).balance > 0
