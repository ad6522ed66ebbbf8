"""Hardening of money and trust: each test names the finding it pins (see the hardening issue)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club.models import AuditLog, Club, User
from ledger import selectors
from ledger.errors import IdempotencyConflict
from ledger.models import Journal
from ledger.services import (
    account_treasury,
    account_wallet,
    chips_grant,
    chips_grant_result,
    journal_post,
    journal_post_result,
)

pytestmark = pytest.mark.django_db
BACKEND = "django.contrib.auth.backends.ModelBackend"


def login(user: User) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user, backend=BACKEND)
    return client


def wallet_balance(membership) -> int:
    return selectors.wallet_balance(membership=membership)


def flashed(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


# -- a reused idempotency key: the same request is recognised, anything else refused ----------------


def test_journal_post_with_a_used_key_and_other_lines_is_refused(club: Club, member_factory) -> None:
    treasury = account_treasury(club=club)
    a, b = account_wallet(membership=member_factory()), account_wallet(membership=member_factory())
    first = journal_post(club=club, kind="grant", lines=[(treasury, -5), (a, 5)], idempotency_key="k")
    same = journal_post_result(club=club, kind="grant", lines=[(a, 5), (treasury, -5)], idempotency_key="k")
    assert (same.journal.pk, same.created) == (first.pk, False)  # line order does not matter
    for lines in ([(treasury, -6), (a, 6)], [(treasury, -5), (b, 5)], [(treasury, -5), (a.pk, 3), (b, 2)]):
        with pytest.raises(IdempotencyConflict):
            journal_post(club=club, kind="grant", lines=lines, idempotency_key="k")
    assert Journal.objects.count() == 1
    assert (wallet_balance(a.member), wallet_balance(b.member)) == (5, 0)


def test_grant_replayed_is_the_same_grant_and_another_is_refused(club: Club, owner, member_factory) -> None:
    vera, gleb = member_factory(), member_factory()
    first = chips_grant_result(membership=vera, amount=50, actor=owner, reason="prize", idempotency_key="t")
    again = chips_grant_result(membership=vera, amount=50, actor=owner, reason="prize", idempotency_key="t")
    assert first.created and not again.created and again.journal.pk == first.journal.pk
    with pytest.raises(IdempotencyConflict) as excinfo:
        chips_grant(membership=gleb, amount=999, actor=owner, reason="prize", idempotency_key="t")
    assert "nothing was booked" in excinfo.value.message
    with pytest.raises(IdempotencyConflict):
        chips_grant(membership=vera, amount=999, actor=owner, reason="prize", idempotency_key="t")
    assert (wallet_balance(vera), wallet_balance(gleb)) == (50, 0)
    assert AuditLog.objects.filter(action="chips.granted").count() == 1


def test_grant_form_token_reused_for_another_member_books_nothing_and_says_so(
    club: Club, owner, member_factory
) -> None:
    vera, gleb = member_factory(), member_factory()
    client = login(owner)
    url = reverse("ledger_grant", args=[club.slug])
    data = {"member": vera.pk, "amount": 50, "reason": "prize", "token": "d" * 32}
    assert "50 chips granted" in " ".join(flashed(client.post(url, data, follow=True)))

    replay = flashed(client.post(url, data, follow=True))
    assert any("already granted" in m for m in replay) and not any("50 chips granted" in m for m in replay)

    forged = flashed(client.post(url, {**data, "member": gleb.pk, "amount": 999}, follow=True))
    assert not any("granted to" in m for m in forged), forged
    assert any("nothing was booked" in m for m in forged)
    htmx = client.post(url, {**data, "amount": 999}, headers={"HX-Request": "true"})
    assert htmx.status_code == 422 and "nothing was booked" in htmx.content.decode()
    assert (wallet_balance(vera), wallet_balance(gleb)) == (50, 0)
    assert Journal.objects.filter(kind="grant").count() == 1


# -- a banned member is told so, and sees no chips page --------------------------------------------


def test_banned_member_cannot_open_my_chips(club: Club, owner, member_factory) -> None:
    from club.models import Membership

    member = member_factory()
    chips_grant(membership=member, amount=40, actor=owner, reason="before the ban")
    member.status = Membership.Status.BANNED
    member.save()
    client = login(member.user)
    url = reverse("ledger_my_chips", args=[club.slug])
    for response in (client.get(url), client.get(url, {"before": "999"}, headers={"HX-Request": "true"})):
        page = response.content.decode()
        assert response.status_code == 403
        assert "You are banned from this club." in page and "before the ban" not in page
