"""A revoke larger than the wallet said "the wallet holds 800, 900 are needed" and nothing of the
200 the member had at a table: the manager, who had read 1,000 on the member's page, wondered where
they went (stop 38's left-out). The refusal says the rest is at tables and comes back when he
leaves; nothing is booked."""

from __future__ import annotations

import pytest
from django.utils import translation

from club.models import Membership
from ledger.errors import InsufficientChips
from ledger.models import Journal
from ledger.selectors import wallet_balance
from ledger.services import chips_adjust
from ledger.services.operations import chips_revoke_result

from .conftest import sit_all

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("way", ["at_once", "filed"])
def test_a_revoke_beyond_the_wallet_names_the_chips_at_tables(make_table, players, owner, club, way):
    sit_all(make_table(), players, buy_in=200)
    member = Membership.objects.get(club=club, user=players[0])
    journals = Journal.objects.count()
    with pytest.raises(InsufficientChips) as refused:
        if way == "at_once":
            chips_revoke_result(membership=member, amount=900, actor=owner, reason="cheat", approved=True)
        else:
            chips_adjust(
                member=member, kind="revoke", amount=900, actor=owner, reason="cheat", idempotency_key="k"
            )
    text = str(refused.value.message)
    assert "holds 800, 900 are needed" in text
    assert "200 more chips are at tables" in text
    assert wallet_balance(membership=member) == 800 and Journal.objects.count() == journals


def test_without_chips_at_tables_it_says_the_wallet_only(players, owner, club):
    member = Membership.objects.get(club=club, user=players[0])
    with translation.override("ru"), pytest.raises(InsufficientChips) as refused:
        chips_revoke_result(membership=member, amount=1500, actor=owner, reason="cheat", approved=True)
    text = str(refused.value.message)
    assert "1000" in text and "1500" in text and "стол" not in text
