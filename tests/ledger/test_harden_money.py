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


def refused(response) -> str:
    """A refused grant form: the page again, the refusal said atop or beside the fields of the form it
    keeps, and not again in a flash message (review 129)."""
    assert flashed(response) == []
    page = response.content.decode()
    return page.split('id="grant-form"', 1)[1].split("</form>", 1)[0]


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

    forged = refused(client.post(url, {**data, "member": gleb.pk, "amount": 999}, follow=True))
    assert "granted to" not in forged and "nothing was booked" in forged, forged
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


# -- grant limits per club, and the bigint limit of the books --------------------------------------

BIGINT_MAX = 2**63 - 1


def test_a_grant_above_the_clubs_limit_is_refused(club: Club, owner, member_factory) -> None:
    from ledger.errors import LedgerError

    club.grant_limit = 100
    club.save()
    member = member_factory()
    with pytest.raises(LedgerError) as excinfo:
        chips_grant(membership=member, amount=101, actor=owner, reason="too much")
    assert "at most 100 chips" in excinfo.value.message
    chips_grant(membership=member, amount=100, actor=owner, reason="fine")
    assert wallet_balance(member) == 100


def test_a_manager_granting_himself_is_held_to_the_self_grant_limit(
    club: Club, owner, owner_membership, member_factory
) -> None:
    from club.errors import NotAllowed

    assert (club.grant_limit, club.self_grant_limit) == (1_000_000, 10_000)  # the defaults
    with pytest.raises(NotAllowed) as excinfo:
        chips_grant(membership=owner_membership, amount=10_001, actor=owner, reason="for me", approved=True)
    assert "at most 10000 chips" in excinfo.value.message
    # (approved: a second manager said yes; the four-eyes rule itself is tested with the adjustments)
    chips_grant(membership=owner_membership, amount=10_000, actor=owner, reason="for me", approved=True)
    chips_grant(membership=member_factory(), amount=10_001, actor=owner, reason="for another", approved=True)
    client = login(owner)
    data = {"member": owner_membership.pk, "amount": 50_000, "reason": "for me", "token": "f" * 32}
    form = refused(client.post(reverse("ledger_grant", args=[club.slug]), data, follow=True))
    assert "at most 10000 chips" in form and "granted to" not in form
    assert wallet_balance(owner_membership) == 10_000


def _near_the_limit(account, balance: int) -> None:
    """Put a balance where thousands of the largest grants would have taken it (the books are then
    out of balance, which this test does not look at: only the refusal is checked)."""
    type(account).objects.filter(pk=account.pk).update(balance=balance)


def test_the_treasury_at_the_bigint_limit_refuses_clearly(club: Club, owner, member_factory) -> None:
    """9,223 grants of 10**15 bring the treasury to -9.223e18; the next one would pass -(2**63 - 1).
    That is a refusal with a sentence, not a database overflow (a server error)."""
    from ledger.errors import LedgerError

    club.grant_limit = 10**15
    club.four_eyes_above = 10**15  # one manager may grant it alone: the limit under test is the bigint's
    club.save()
    member = member_factory()
    treasury = account_treasury(club=club)
    _near_the_limit(treasury, -9_223 * 10**15)
    with pytest.raises(LedgerError) as excinfo:
        chips_grant(membership=member, amount=10**15, actor=owner, reason="one too many")
    assert "largest number" in excinfo.value.message
    assert Journal.objects.count() == 0
    client = login(owner)
    data = {"member": member.pk, "amount": 10**15, "reason": "one too many", "token": "0" * 32}
    response = client.post(reverse("ledger_grant", args=[club.slug]), data, follow=True)
    assert response.status_code == 200
    assert "largest number" in refused(response)
    headroom = BIGINT_MAX - 9_223 * 10**15
    chips_grant(membership=member, amount=headroom, actor=owner, reason="exactly to the limit")
    assert type(treasury).objects.get(pk=treasury.pk).balance == -BIGINT_MAX


def test_a_wallet_at_the_bigint_limit_refuses_clearly(club: Club, owner, member_factory) -> None:
    from ledger.errors import LedgerError

    member = member_factory()
    chips_grant(membership=member, amount=5, actor=owner, reason="x")
    _near_the_limit(account_wallet(membership=member), BIGINT_MAX - 1)
    with pytest.raises(LedgerError) as excinfo:
        chips_grant(membership=member, amount=2, actor=owner, reason="over the top")
    assert "largest number" in excinfo.value.message


@pytest.mark.postgres
def test_the_database_overflow_itself_is_a_refusal_too(club: Club, member_factory, monkeypatch) -> None:
    """Second line of defence on the PostgreSQL path: were the service's own check skipped, the
    database's "bigint out of range" still comes back as a LedgerError with a sentence."""
    from ledger.errors import LedgerError
    from ledger.services import posting

    treasury = account_treasury(club=club)
    wallet = account_wallet(membership=member_factory())
    _near_the_limit(treasury, -(2**63))  # PostgreSQL's lowest bigint
    monkeypatch.setattr(posting, "_check_locked", lambda rows, deltas, club_id: None)
    with pytest.raises(LedgerError) as excinfo:
        journal_post(club=club, kind="grant", lines=[(treasury, -1), (wallet, 1)], idempotency_key="over")
    assert "largest number" in excinfo.value.message
    assert not Journal.objects.filter(idempotency_key="over").exists()
