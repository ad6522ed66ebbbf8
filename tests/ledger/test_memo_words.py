"""A deal journal's memo is the booking's trail for the machine ("payout 20 bank→stack:3"): the
admin's journal list and page tell it in the reader's words, and leave any other memo as written."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from ledger.labels import memo_words
from ledger.models import Journal
from ledger.services import account_bank, account_stack, chips_grant, journal_post_result, table_buy_in

pytestmark = pytest.mark.django_db

TRAIL = "payout 20 bank→stack:3; release 40 hold:3→stack:3"


def test_a_deal_trail_reads_in_words_in_each_language():
    assert memo_words(TRAIL) == (
        "Payout 20: Table bank → Stack at a table, player 4; "
        "Release 40: Hold at a table, player 4 → Stack at a table, player 4"
    )
    with translation.override("ru"):
        text = memo_words(TRAIL)
    assert "payout" not in text and "bank" not in text and "игрок 4" in text
    with translation.override("bg"):
        text = memo_words("ante 5 stack:0→bank")
    assert "ante" not in text and "играч 1" in text


@pytest.mark.parametrize(
    "memo",
    [
        "welcome bonus",
        "Classic table #3",
        "payout 20 bank→stack:3; release 40 hold:3→sta",  # cut at the memo's length
        "payout 20 bank→wallet:3",
        "refund 5 bank→stack:1",
        "",
    ],
)
def test_any_other_memo_is_shown_as_written(memo):
    assert memo_words(memo) == memo


def test_the_admins_journal_list_and_page_show_the_words(club, owner, member_factory, deal, table):
    owner.is_staff = owner.is_superuser = True
    owner.save()
    member = member_factory()
    chips_grant(membership=member, amount=50, actor=owner, reason="payout 20 bank→stack:3")
    table_buy_in(membership=member, table_id=table, amount=20)
    stack = account_stack(membership=member, table_id=table)
    journal = journal_post_result(  # as a deal's booking writes it (the books take no later edit)
        club=club,
        kind=Journal.Kind.ANTE,
        lines=[(stack, -5), (account_bank(club=club, table_id=table), 5)],
        idempotency_key="memo-words:ante",
        deal=deal,
        memo="ante 5 stack:3→bank",
    ).journal
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    listing = client.get(reverse("admin:ledger_journal_changelist")).content.decode()
    assert "Ante 5: Stack at a table, player 4 → Table bank" in listing
    # A manager's reason that only looks like a trail is his words, shown as he typed them.
    assert "payout 20 bank→stack:3" in listing and "Payout 20:" not in listing
    page = client.get(reverse("admin:ledger_journal_change", args=[journal.pk])).content.decode()
    assert "Ante 5: Stack at a table, player 4 → Table bank" in page
