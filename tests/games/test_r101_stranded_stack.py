"""Review 101: reconciliation reported chips left in a hold after its deal and in the bank of a
closed table, but not chips left in a player's stack at a closed table. A stack lives as long as
its seat (``games.services.booking``): once the session has closed, nothing stands anyone up there
again, and chips in it are lost to their owner for good. ``ledger_check`` said the books were fine
with them there. It reports them now, in the managers' words too."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from django.utils import timezone, translation

from club.models import Membership
from games.services.access import session_lock
from games.services.schedule import session_close
from ledger.labels import differences_words
from ledger.models import Journal
from ledger.services import account_stack, account_treasury, journal_post
from ledger.services.reconcile import ledger_verify

from .conftest import sit_all

pytestmark = pytest.mark.django_db


def test_chips_in_a_stack_of_a_closed_table_are_reported(make_table, players, club) -> None:
    table = make_table()
    sit_all(table, players[:2], buy_in=300)
    assert ledger_verify()[0] == []  # chips in the stacks of players seated are where they belong
    with transaction.atomic():
        session_close(session=session_lock(table.pk), now=timezone.now())
    assert ledger_verify()[0] == []
    vera = Membership.objects.get(club=club, user=players[0])
    journal_post(
        club=club,
        kind=Journal.Kind.ADJUSTMENT,
        idempotency_key="r101-stray",
        lines=[(account_treasury(club=club), -9), (account_stack(membership=vera, table_id=table.pk), 9)],
    )
    found = [d for d in ledger_verify()[0] if d["check"] == "stranded_stack"]
    assert [(d["table"], d["member"], d["stored"]) for d in found] == [(table.pk, vera.pk, 9)], found
    with translation.override("en"):
        assert "9 chips left in it at a closed table" in differences_words(found)
    with pytest.raises(CommandError):
        call_command("ledger_check")
