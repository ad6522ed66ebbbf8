"""The trial balance's totals by kind read "Treasury −60 · Wallet 40 · Stack at a table 20" with no
word on why the treasury is below zero or what a bank or a hold carries: an auditor had to know the
design to read it. Each kind now says what its total is, in the reader's language."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Club, User
from ledger.models import Account
from ledger.services import chips_grant, table_buy_in

from .conftest import new_table

pytestmark = pytest.mark.django_db
BACKEND = "django.contrib.auth.backends.ModelBackend"


def page_for(user: User, club: Club, language: str) -> str:
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(user, backend=BACKEND)
    return client.get(reverse("admin:ledger_trial_balance", args=[club.pk])).content.decode()


def rows(page: str) -> dict[str, tuple[str, str]]:
    """kind label -> (total, words) of the totals table."""
    found = re.findall(r"<tr><td>([^<]+)</td><td>(-?\d+)</td><td>([^<]+)</td></tr>", page)
    return {label: (total, words.strip()) for label, total, words in found}


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_each_kinds_total_says_what_it_is(club: Club, owner: User, member_factory, language: str) -> None:
    member = member_factory()
    chips_grant(membership=member, amount=60, actor=owner, reason="welcome")
    table_buy_in(membership=member, table_id=new_table(club), amount=20)
    shown = rows(page_for(owner, club, language))
    assert len(shown) == 3, shown  # treasury, wallet, stack
    english = rows(page_for(owner, club, "en")) if language != "en" else shown
    words = {total: text for total, text in shown.values()}
    assert set(words) == {"-60", "40", "20"}
    assert all(len(text) > 20 for text in words.values()), words
    if language != "en":
        assert all(words[t] != e for t, e in ((t, x) for t, x in english.values())), (words, english)
    assert "zero" in english[str(Account.Kind.TREASURY.label)][1]
