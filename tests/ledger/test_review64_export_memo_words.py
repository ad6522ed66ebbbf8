"""Review 64: the admin's CSV of entries wrote a deal journal's memo as the booking stores it,
"ante 5 stack:3→bank", machine English in a Russian manager's file, where the journals' list and
page beside it say "Анте 5: Фишки за столом, игрок 4 → Банк стола". The export now writes the memo
in the reader's words, as the pages and the statement's CSV do; a manager's own reason stays as he
typed it."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from ledger.models import Journal
from ledger.services import account_bank, account_stack, chips_grant, journal_post_result, table_buy_in

pytestmark = pytest.mark.django_db


def test_the_entries_export_writes_a_deals_memo_in_words(club, owner, member_factory, deal, table) -> None:
    owner.preferred_language = "ru"
    owner.save(update_fields=["preferred_language"])
    member = member_factory()
    chips_grant(membership=member, amount=50, actor=owner, reason="payout 20 bank→stack:3")
    table_buy_in(membership=member, table_id=table, amount=20)
    stack = account_stack(membership=member, table_id=table)
    ante = journal_post_result(
        club=club,
        kind=Journal.Kind.ANTE,
        lines=[(stack, -5), (account_bank(club=club, table_id=table), 5)],
        idempotency_key="r64-memo:ante",
        deal=deal,
        memo="ante 5 stack:3→bank",
    ).journal
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    response = client.get(reverse("admin:ledger_entry_export"))
    text = b"".join(response.streaming_content).decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    memo_at = rows[0].index("примечание")
    memos = {row[3]: row[memo_at] for row in rows[1:]}
    assert memos[str(ante.pk)] == "Анте 5: Фишки за столом, игрок 4 → Банк стола"
    assert "stack:3→bank" not in text.replace("payout 20 bank→stack:3", "")
    # A manager's reason that only looks like a trail is his words.
    assert "payout 20 bank→stack:3" in memos.values()
