"""Taking back more chips than a wallet holds is refused at once, whatever the four-eyes threshold
(outside review).

Above the threshold the revoke was filed for a second manager, who could only be told "Not enough
chips" when approving it; the manager who asked was told it was waiting, and the request waited
for nothing."""

from __future__ import annotations

import pytest

from ledger.errors import InsufficientChips
from ledger.models import Adjustment
from ledger.selectors import wallet_balance
from ledger.services import chips_adjust
from ledger.services.operations import chips_grant_result

pytestmark = pytest.mark.django_db


def test_a_big_revoke_beyond_the_wallet_is_refused_at_once(club, owner, member_factory):
    member = member_factory()
    chips_adjust(member=member, kind="grant", amount=3_000, actor=owner, reason="r", idempotency_key="g")
    with pytest.raises(InsufficientChips) as caught:
        chips_adjust(member=member, kind="revoke", amount=9_000, actor=owner, reason="r", idempotency_key="v")
    assert "3000" in str(caught.value.message) and "9000" in str(caught.value.message)
    assert not Adjustment.objects.exists()
    assert wallet_balance(membership=member) == 3_000


def test_a_big_revoke_the_wallet_covers_still_waits(club, owner, member_factory):
    member = member_factory()
    # Funded by a grant a second manager approved.
    chips_grant_result(membership=member, amount=20_000, actor=owner, reason="r", approved=True)
    done = chips_adjust(
        member=member, kind="revoke", amount=6_000, actor=owner, reason="r", idempotency_key="v"
    )
    assert done.adjustment is not None and done.adjustment.status == Adjustment.Status.PENDING
