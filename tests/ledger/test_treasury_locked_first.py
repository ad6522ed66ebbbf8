"""A journal locks the club's treasury before any other account, whatever their ids.

Accounts are locked in one order so that two postings never deadlock; tables that send chips home
lock the treasury before any wallet (``games.services.closing.home_accounts_first``). The order was the
accounts' ids, which put the treasury first only because it is usually opened with the club's first
grant: a wallet opened earlier was locked before it, and a grant to that member deadlocked with a
closing table (review 18's note). Shown here with two real connections: a grant waiting for a wallet
another transaction holds must already hold the treasury."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import OperationalError, connection, transaction

from ledger.models import Account
from ledger.services import account_treasury, account_wallet, chips_grant
from tests.apart import run_apart

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_a_grant_waiting_for_a_wallet_already_holds_the_treasury(member_factory, owner):
    member = member_factory()
    wallet = account_wallet(membership=member)  # opened before the club's treasury
    treasury = account_treasury(club=member.club)
    assert wallet.pk < treasury.pk
    wallet_held, grant_started, checked = threading.Event(), threading.Event(), threading.Event()
    seen: dict[str, bool] = {}

    def hold_the_wallet() -> None:
        with transaction.atomic():
            list(Account.objects.select_for_update().filter(pk=wallet.pk))
            wallet_held.set()
            grant_started.wait(5)
            time.sleep(0.5)  # the grant is now waiting for the wallet
            try:
                with transaction.atomic():
                    list(Account.objects.select_for_update(nowait=True).filter(pk=treasury.pk))
                seen["treasury_free"] = True
            except OperationalError:
                seen["treasury_free"] = False
            checked.set()

    def grant() -> object:
        wallet_held.wait(5)
        grant_started.set()
        return chips_grant(membership=member, amount=50, actor=owner, reason="r", approved=True)

    results = run_apart(holder=hold_the_wallet, grant=grant)
    assert checked.is_set() and not isinstance(results["grant"], Exception), results
    assert seen == {"treasury_free": False}
    connection.close()
