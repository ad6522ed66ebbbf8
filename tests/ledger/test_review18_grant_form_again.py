"""The grant form sent again after the club's four-eyes threshold changed (review 18).

``chips_adjust`` asked the threshold first and only then looked for what the same form had done:
sent again (a double click, a browser's retry) after the owner raised the threshold, a grant filed
for a second manager was booked at once too, and booked a second time when approved; after he lowered
it, a grant booked at once was filed again for approval, and its approval booked the chips twice. The
same form is answered by what it did the first time.
"""

from __future__ import annotations

import pytest

from club.models import Membership
from ledger.models import Adjustment, Journal
from ledger.selectors import wallet_balance
from ledger.services import adjustment_approve, chips_adjust

from .conftest import make_user

pytestmark = pytest.mark.django_db


def _send(member: Membership, owner, amount: int):
    return chips_adjust(
        member=member, kind="grant", amount=amount, actor=owner, reason="prize", idempotency_key="form-1"
    )


def test_a_grant_filed_then_sent_again_after_the_threshold_rose_is_still_the_one_waiting(
    club, owner, member_factory
):
    member = member_factory()
    first = _send(member, owner, 8_000)
    assert first.adjustment is not None and first.journal is None
    club.four_eyes_above = 10_000
    club.save(update_fields=["four_eyes_above"])
    again = _send(member, owner, 8_000)
    assert again.repeated and again.adjustment == first.adjustment and again.journal is None
    assert wallet_balance(membership=member) == 0
    second = Membership.objects.create(club=club, user=make_user("second"), role=Membership.Role.MANAGER)
    adjustment_approve(adjustment_id=first.adjustment.pk, actor=second.user)
    assert wallet_balance(membership=member) == 8_000


def test_a_grant_booked_then_sent_again_after_the_threshold_fell_is_not_filed_again(
    club, owner, member_factory
):
    member = member_factory()
    first = _send(member, owner, 3_000)
    assert first.journal is not None and first.adjustment is None
    club.four_eyes_above = 1_000
    club.save(update_fields=["four_eyes_above"])
    again = _send(member, owner, 3_000)
    assert again.repeated and again.journal == first.journal and again.adjustment is None
    assert not Adjustment.objects.filter(member=member).exists()
    assert Journal.objects.filter(kind=Journal.Kind.GRANT, idempotency_key="form-1").count() == 1
    assert wallet_balance(membership=member) == 3_000
