"""Review 75: an owner playing at his club's table hands the club over mid-deal and leaves it: the
default moves play his seat to the deal's end, his chips come back to his wallet, and every chip
movement stays a balanced journal (ledger_check)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.models import Seat
from games.services import tables_tick
from ledger.models import Account
from ledger.selectors import wallet_balance
from ledger.services import chips_grant

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def test_the_former_owner_leaves_mid_deal_and_the_books_balance(club, owner, players, make_table) -> None:
    heir = players[0]
    club_services.membership_set_role(
        membership=Membership.objects.get(club=club, user=heir), actor=owner, role=Membership.Role.MANAGER
    )
    mine = Membership.objects.get(club=club, user=owner)
    chips_grant(membership=mine, amount=1000, actor=heir, reason="start", approved=True)
    table = make_table()
    sit_all(table, [owner, *players[1:]])
    deal = start_deal(table)
    club_services.club_hand_over(membership=Membership.objects.get(club=club, user=heir), actor=owner)
    club_services.membership_leave(club=club, user=owner)
    clock = timezone.now()
    for _ in range(400):
        deal.refresh_from_db()
        if deal.is_over:
            break
        clock += timedelta(seconds=31)  # every clock runs out: default moves to the deal's end
        tables_tick(clock)
    assert deal.is_over
    mine.refresh_from_db()
    assert mine.status == Membership.Status.LEFT and mine.role == Membership.Role.MEMBER
    assert not Seat.objects.filter(session=table, member=mine, left_at__isnull=True).exists()
    # Nothing of his is left at the table: his stack after the deal came back to his wallet.
    assert not Account.objects.filter(member=mine).exclude(kind="wallet").exclude(balance=0).exists()
    assert wallet_balance(membership=mine) > 800  # his buy-in of 200 back, less this deal's ante
    call_command("ledger_check")
