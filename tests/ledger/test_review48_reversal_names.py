"""A reversal booked with a manager's note read, on the member's statement, its CSV and the admin's
journal list, as the note alone ("Reversal · granted twice · −50"): nothing said which journal it moved
back. Without a note it read "Reversal of journal #N"; with one it now reads so too, the note after."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.models import Club, User
from ledger.labels import journal_memo_words
from ledger.models import Journal
from ledger.selectors import account_statement, wallet_get
from ledger.services import chips_grant, journal_reverse

pytestmark = pytest.mark.django_db
BACKEND = "django.contrib.auth.backends.ModelBackend"
NOTE = "granted twice by mistake"


def login(user: User) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user, backend=BACKEND)
    return client


@pytest.fixture
def reversed_grant(club: Club, owner: User, member_factory):
    member = member_factory()
    chips_grant(membership=member, amount=80, actor=owner, reason="welcome")
    grant = chips_grant(membership=member, amount=50, actor=owner, reason="welcome again")
    reversal = journal_reverse(grant, actor=owner, memo=NOTE)
    return member, grant, reversal


def test_the_statement_names_the_journal_a_noted_reversal_moves_back(club: Club, reversed_grant) -> None:
    member, grant, reversal = reversed_grant
    line = account_statement(account=wallet_get(membership=member)).lines[0]
    assert line.journal_id == reversal.pk and line.amount == -50
    assert f"#{grant.pk}" in line.memo and NOTE in line.memo
    page = login(member.user).get(reverse("ledger_my_chips", args=[club.slug])).content.decode()
    assert f"Reversal of journal #{grant.pk}: {NOTE}" in page
    body = b"".join(
        login(member.user).get(reverse("ledger_statement_csv", args=[club.slug])).streaming_content
    ).decode("utf-8-sig")
    last = list(csv.reader(io.StringIO(body)))[-1]
    assert last[2] == f"Reversal of journal #{grant.pk}: {NOTE}" and last[3] == "-50"


def test_the_admin_journal_list_names_it_too(club: Club, owner: User, reversed_grant) -> None:
    _member, grant, reversal = reversed_grant
    page = login(owner).get(reverse("admin:ledger_journal_changelist")).content.decode()
    assert f"Reversal of journal #{grant.pk}: {NOTE}" in page
    assert Journal.objects.get(pk=reversal.pk).memo == NOTE  # the stored note is untouched


@pytest.mark.parametrize(("lang", "words"), [("ru", "Сторно проводки №"), ("bg", "Сторно на операция №")])
def test_in_the_readers_language(reversed_grant, lang: str, words: str) -> None:
    _member, grant, reversal = reversed_grant
    with translation.override(lang):
        said = journal_memo_words(
            kind=reversal.kind, memo=reversal.memo, deal_id=None, reversal_of=reversal.reversal_of_id
        )
        plain = journal_memo_words(kind=reversal.kind, memo="", deal_id=None, reversal_of=grant.pk)
    assert said.startswith(f"{words}{grant.pk}") and said.endswith(NOTE)
    assert plain == f"{words}{grant.pk}"
