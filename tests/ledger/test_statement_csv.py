"""A member downloads every movement of his chips in a club as CSV: oldest first, the balance after
each line, times in his time zone, words in his language, memos a spreadsheet will not run."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Club, Membership
from ledger.models import Account, Entry
from ledger.services import chips_grant, table_buy_in

from .conftest import make_user, new_table

pytestmark = pytest.mark.django_db

BACKEND = "django.contrib.auth.backends.ModelBackend"


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend=BACKEND)
    return client


def _rows(response) -> list[list[str]]:
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode("utf-8-sig"))))


def test_the_whole_statement_oldest_first_with_running_balances(club: Club, owner, member_factory) -> None:
    member = member_factory()
    other = member_factory()
    chips_grant(membership=member, amount=120, actor=owner, reason="welcome bonus")
    chips_grant(membership=other, amount=7, actor=owner, reason="not his")
    table_buy_in(membership=member, table_id=new_table(club), amount=20)
    chips_grant(membership=member, amount=5, actor=owner, reason='=HYPERLINK("http://x")')
    rows = _rows(_client(member.user).get(reverse("ledger_statement_csv", args=[club.slug])))
    assert rows[0] == ["Time", "What", "Memo", "Chips", "Balance"]
    assert [(r[3], r[4]) for r in rows[1:]] == [("120", "120"), ("-20", "100"), ("5", "105")]
    assert rows[1][2] == "welcome bonus" and "not his" not in str(rows)
    assert rows[3][2].startswith("'=")  # a formula kept as text
    assert (
        len(rows) - 1
        == Entry.objects.filter(account__member=member, account__kind=Account.Kind.WALLET).count()
    )


def test_in_the_members_language_and_time_zone(club: Club, owner, member_factory) -> None:
    member = member_factory()
    member.user.preferred_language = "ru"
    member.user.time_zone = "Asia/Vladivostok"
    member.user.save()
    chips_grant(membership=member, amount=3, actor=owner, reason="bonus")
    rows = _rows(_client(member.user).get(reverse("ledger_statement_csv", args=[club.slug])))
    assert rows[0] == ["Время", "Что", "Примечание", "Фишки", "Баланс"]
    assert rows[1][0].endswith("+10:00")


def test_the_page_links_to_it(club: Club, member_factory) -> None:
    member = member_factory()
    html = _client(member.user).get(reverse("ledger_my_chips", args=[club.slug])).content.decode()
    assert 'href="statement.csv"' in html
    assert (
        reverse("ledger_statement_csv", args=[club.slug])
        == reverse("ledger_my_chips", args=[club.slug]) + "statement.csv"
    )


def test_only_the_member_and_not_when_banned(club: Club, member_factory) -> None:
    url = reverse("ledger_statement_csv", args=[club.slug])
    assert Client().get(url).status_code == 302  # to the login page
    assert _client(make_user()).get(url).status_code == 404
    banned = member_factory(status=Membership.Status.BANNED)
    assert _client(banned.user).get(url).status_code == 403
    assert _client(make_user()).get(reverse("ledger_statement_csv", args=["no-such-club"])).status_code == 404


def test_a_member_without_a_wallet_gets_the_header_alone(club: Club, member_factory) -> None:
    member = member_factory()
    assert _rows(_client(member.user).get(reverse("ledger_statement_csv", args=[club.slug]))) == [
        ["Time", "What", "Memo", "Chips", "Balance"]
    ]
