"""A grant to an account the site's operators switched off. Its owner cannot log in to play the
chips, and the grant form said "300 chips granted to Vera" while the treasury paid for nobody; a
grant filed for a second manager's approval before the switch-off was booked on approval too. Each
is refused now, saying why, and nothing is booked."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse

from club.errors import NotAllowed
from club.models import Membership, User
from ledger.models import Adjustment, Journal
from ledger.selectors import wallet_balance
from ledger.services import adjustment_approve, chips_adjust, chips_grant

from .conftest import make_user

pytestmark = pytest.mark.django_db

SWITCHED_OFF = "account has been switched off by the site's operators"


def _switch_off(member: Membership) -> None:
    user = User.objects.get(pk=member.user_id)
    user.is_active = False
    user.save()


def _vera(club) -> Membership:
    vera = User.objects.create(username="vera", display_name="Vera")
    return Membership.objects.create(club=club, user=vera)


def test_a_grant_to_a_switched_off_account_is_refused(club, owner):
    vera = _vera(club)
    _switch_off(vera)
    with pytest.raises(NotAllowed) as refused:
        chips_grant(membership=Membership.objects.get(pk=vera.pk), amount=300, actor=owner, reason="prize")
    assert SWITCHED_OFF in refused.value.message and "Vera" in refused.value.message
    assert wallet_balance(membership=vera) == 0


@pytest.mark.parametrize("amount", [300, 8_000])  # booked at once; filed for a second manager
def test_the_grant_form_says_why_and_books_nothing(club, owner, amount):
    vera = _vera(club)
    _switch_off(vera)
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    journals = Journal.objects.count()
    data = {"member": vera.pk, "amount": amount, "reason": "prize", "token": "a" * 32}
    answer = client.post(reverse("ledger_grant", args=[club.slug]), data, headers={"HX-Request": "true"})
    assert SWITCHED_OFF in html.unescape(answer.content.decode())
    assert Journal.objects.count() == journals and not Adjustment.objects.filter(member=vera).exists()


def test_a_grant_waiting_for_approval_is_not_booked_after_the_switch_off(club, owner):
    second = Membership.objects.create(club=club, user=make_user("second"), role=Membership.Role.MANAGER)
    vera = _vera(club)
    filed = chips_adjust(
        member=vera, kind="grant", amount=8_000, actor=owner, reason="prize", idempotency_key="k"
    ).adjustment
    assert filed is not None
    _switch_off(vera)
    with pytest.raises(NotAllowed):
        adjustment_approve(adjustment_id=filed.pk, actor=second.user)
    assert wallet_balance(membership=vera) == 0
