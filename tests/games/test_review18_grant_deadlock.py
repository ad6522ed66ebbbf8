"""A grant decided while its member's table closes, with real connections against PostgreSQL
(review 18).

Approving a waiting grant, and answering a member's request for chips, locked the adjustment's (or
the request's) row FOR UPDATE through ``select_related``: the club's, the membership's and the
person's rows too. A table closing meanwhile (its time is up: each player's stack back to his
wallet, one journal each) had moved the first player's stack into his wallet, holding the wallet,
and its next journal names the club, which PostgreSQL checks with FOR KEY SHARE, refused by that
FOR UPDATE; the grant waited for the wallet. PostgreSQL failed one of them ('deadlock detected'):
the manager's approval was a server error, or the table stayed open past its end with its chips.
Each decision now locks its own row only.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from club.models import Membership
from games.models import TableSession
from games.services import seating
from games.services.schedule import session_end
from ledger.models import Adjustment, ChipRequest
from ledger.selectors import wallet_balance
from ledger.services import adjustments, chips_adjust, chips_request
from tests.apart import run_apart

from .conftest import sit_all

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

HOLD = 0.4


def _both(first: Callable[[], object], second: Callable[[], object]) -> list[object]:
    results = run_apart(first=first, second=second)
    return [results.get("first"), results.get("second")]


@pytest.mark.parametrize("how", ["approve", "answer"])
def test_a_grant_decided_while_the_members_table_closes(
    make_table, players, owner, club, make_user, monkeypatch, how
):
    ends = timezone.now() + timedelta(minutes=1)
    table = make_table(ends_at=ends)
    sit_all(table, players)
    vera = Membership.objects.get(club=club, user=players[0])  # seat 1: stood up first
    second = make_user("boris-second")
    Membership.objects.create(club=club, user=second, role=Membership.Role.MANAGER)
    if how == "approve":
        waiting = chips_adjust(
            member=vera, kind="grant", amount=8_000, actor=owner, reason="prize", idempotency_key="r18"
        ).adjustment

        def decide() -> object:
            return adjustments.adjustment_approve(adjustment_id=waiting.pk, actor=second)

        granted = 8_000
    else:
        asked = chips_request(member=vera, amount=300, note="for Friday")

        def decide() -> object:
            return adjustments.chips_request_answer(
                request_id=asked.pk, actor=owner, grant=True, answer="ok", idempotency_key="r18"
            )

        granted = 300
    first_home, deciding = threading.Event(), threading.Event()
    real_stand_up, real_book = seating.seat_stand_up, adjustments._book
    stood: list[int] = []

    def stand_up(**kwargs):
        real_stand_up(**kwargs)
        stood.append(kwargs["seat"].pk)
        if len(stood) == 1:  # her stack is in her wallet, which the table's transaction now holds
            first_home.set()
            deciding.wait(5)
            time.sleep(HOLD)

    def book(**kwargs):
        deciding.set()
        return real_book(**kwargs)

    monkeypatch.setattr(seating, "seat_stand_up", stand_up)
    monkeypatch.setattr(adjustments, "_book", book)
    before = wallet_balance(membership=vera)

    def later() -> object:
        first_home.wait(5)
        return decide()

    closed, decided = _both(lambda: session_end(session_id=table.pk, now=ends + timedelta(seconds=1)), later)
    assert not isinstance(closed, Exception), closed
    assert not isinstance(decided, Exception), decided
    table.refresh_from_db()
    assert table.status == TableSession.Status.FINISHED
    assert wallet_balance(membership=vera) == before + 200 + granted  # her stack home, and the grant
    if how == "approve":
        assert Adjustment.objects.get(pk=waiting.pk).status == Adjustment.Status.APPROVED
    else:
        assert ChipRequest.objects.get(pk=asked.pk).status == ChipRequest.Status.GRANTED
    call_command("ledger_check")
