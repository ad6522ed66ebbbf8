"""Four eyes on chips: big grants and revokes, and any grant to oneself, wait for a second manager;
members ask for chips and managers answer."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client

from club.errors import NotAllowed, ServiceError
from club.models import AuditLog, Club, Membership
from ledger.models import Adjustment, ChipRequest, Journal
from ledger.selectors import wallet_balance
from ledger.services import (
    adjustment_approve,
    adjustment_refuse,
    chips_adjust,
    chips_grant,
    chips_request,
    chips_request_answer,
)

from .conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def second(club: Club) -> Membership:
    return Membership.objects.create(club=club, user=make_user("second"), role=Membership.Role.MANAGER)


def test_small_grants_book_at_once_big_ones_wait(club, owner, member_factory):
    member = member_factory()
    done = chips_adjust(
        member=member, kind="grant", amount=5_000, actor=owner, reason="r", idempotency_key="a"
    )
    assert done.journal is not None and wallet_balance(membership=member) == 5_000
    done = chips_adjust(
        member=member, kind="grant", amount=5_001, actor=owner, reason="r", idempotency_key="b"
    )
    assert done.journal is None and done.adjustment.status == Adjustment.Status.PENDING
    assert wallet_balance(membership=member) == 5_000
    again = chips_adjust(
        member=member, kind="grant", amount=5_001, actor=owner, reason="r", idempotency_key="b"
    )
    assert again.repeated and Adjustment.objects.count() == 1  # a double submit asks once
    with pytest.raises(NotAllowed):  # the low-level service refuses to skip the second manager
        chips_grant(membership=member, amount=9_000, actor=owner, reason="r")


def test_the_asking_manager_cannot_approve_and_a_refusal_books_nothing(club, owner, second, member_factory):
    member = member_factory()
    adjustment = chips_adjust(
        member=member, kind="grant", amount=7_000, actor=owner, reason="prize", idempotency_key="p"
    ).adjustment
    with pytest.raises(NotAllowed):
        adjustment_approve(adjustment_id=adjustment.pk, actor=owner)
    with pytest.raises(ServiceError):
        adjustment_refuse(adjustment_id=adjustment.pk, actor=second.user, note=" ")
    adjustment_refuse(adjustment_id=adjustment.pk, actor=second.user, note="too generous")
    adjustment.refresh_from_db()
    assert adjustment.status == Adjustment.Status.REFUSED and adjustment.journal is None
    assert wallet_balance(membership=member) == 0 and not Journal.objects.filter(kind="grant").exists()
    with pytest.raises(ServiceError) as late:
        adjustment_approve(adjustment_id=adjustment.pk, actor=second.user)
    assert late.value.code == "stale"
    assert AuditLog.objects.filter(action="chips.adjustment_refused").count() == 1


def test_a_grant_to_oneself_waits_and_another_manager_approves(club, owner, owner_membership, second):
    done = chips_adjust(
        member=owner_membership, kind="grant", amount=10, actor=owner, reason="me", idempotency_key="self"
    )
    assert done.journal is None
    with pytest.raises(NotAllowed):
        adjustment_approve(adjustment_id=done.adjustment.pk, actor=owner)
    adjustment_approve(adjustment_id=done.adjustment.pk, actor=second.user)
    assert wallet_balance(membership=owner_membership) == 10
    # The member the chips are for cannot approve a grant to himself either.
    done = chips_adjust(
        member=second, kind="grant", amount=6_000, actor=owner, reason="you", idempotency_key="you"
    )
    with pytest.raises(NotAllowed):
        adjustment_approve(adjustment_id=done.adjustment.pk, actor=second.user)


def test_a_big_revoke_waits_too(club, owner, second, member_factory):
    member = member_factory()
    chips_grant(membership=member, amount=9_000, actor=owner, reason="r", approved=True)
    done = chips_adjust(
        member=member, kind="revoke", amount=8_000, actor=owner, reason="r", idempotency_key="v"
    )
    assert done.journal is None and wallet_balance(membership=member) == 9_000
    adjustment_approve(adjustment_id=done.adjustment.pk, actor=second.user)
    assert wallet_balance(membership=member) == 1_000


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_managers_approving_at_once_book_once(club, owner, member_factory):
    member = member_factory()
    others = [
        Membership.objects.create(club=club, user=make_user("m"), role=Membership.Role.MANAGER)
        for _ in range(2)
    ]
    adjustment = chips_adjust(
        member=member, kind="grant", amount=8_000, actor=owner, reason="r", idempotency_key="race"
    ).adjustment
    barrier = threading.Barrier(2)
    answers: list[str] = []

    def approve(manager: Membership) -> None:
        try:
            barrier.wait()
            adjustment_approve(adjustment_id=adjustment.pk, actor=manager.user)
            answers.append("approved")
        except ServiceError as exc:
            answers.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=approve, args=(m,)) for m in others]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(answers) == ["approved", "stale"]
    assert wallet_balance(membership=member) == 8_000
    assert Journal.objects.filter(kind="grant").count() == 1


def test_members_ask_for_chips_and_managers_answer(club, owner, second, member_factory):
    member = member_factory()
    asked = chips_request(member=member, amount=300, note="for Friday")
    with pytest.raises(ServiceError):
        chips_request(member=member, amount=10)  # one open request at a time
    chips_request_answer(
        request_id=asked.pk, actor=owner, grant=True, answer="have fun", amount=None, idempotency_key="req1"
    )
    assert wallet_balance(membership=member) == 300
    with pytest.raises(ServiceError):
        chips_request_answer(
            request_id=asked.pk, actor=second.user, grant=False, answer="no", idempotency_key="req1b"
        )
    asked = chips_request(member=member, amount=20_000)
    chips_request_answer(request_id=asked.pk, actor=owner, grant=True, answer="ok", idempotency_key="req2")
    assert wallet_balance(membership=member) == 300  # above the threshold: it waits for a second manager
    assert Adjustment.objects.filter(member=member, status="pending").count() == 1
    asked = chips_request(member=member, amount=5)
    with pytest.raises(ServiceError):
        chips_request_answer(request_id=asked.pk, actor=owner, grant=False, answer="", idempotency_key="r3")
    chips_request_answer(
        request_id=asked.pk, actor=owner, grant=False, answer="not now", idempotency_key="r3"
    )
    assert ChipRequest.objects.get(pk=asked.pk).status == ChipRequest.Status.REFUSED


def test_the_club_page_files_and_approves(club, owner, second, member_factory):
    member = member_factory()
    first = Client()
    first.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    data = {"member": member.pk, "kind": "grant", "amount": 9_999, "reason": "prize", "token": "a" * 32}
    first.post(f"/clubs/{club.slug}/chips/grant/", data)
    adjustment = Adjustment.objects.get()
    page = first.get(f"/clubs/{club.slug}/").content.decode()
    assert "Waiting for a second manager" in page and "another manager decides" in page
    other = Client()
    other.force_login(second.user, backend="django.contrib.auth.backends.ModelBackend")
    assert f"/chips/waiting/{adjustment.pk}/approve/" in other.get(f"/clubs/{club.slug}/").content.decode()
    other.post(f"/clubs/{club.slug}/chips/waiting/{adjustment.pk}/approve/")
    assert wallet_balance(membership=member) == 9_999
    admin_page = other.get("/admin/ledger/adjustment/").content.decode()
    assert "prize" in admin_page


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_grants_sent_at_the_same_moment_count_together_in_the_window(club, owner, member_factory):
    """Outside review: six grants of 3,000 sent at once by one manager were all booked alone (each
    read the same empty 24-hour window). The member's row is locked while the window is read and the
    grant booked, so only what fits under the threshold books; the rest waits for a second manager."""
    member = member_factory()
    barrier = threading.Barrier(6)
    outcomes: list[str] = []

    def grant(n: int) -> None:
        try:
            barrier.wait()
            done = chips_adjust(
                member=member, kind="grant", amount=3_000, actor=owner, reason="race", idempotency_key=f"r{n}"
            )
            outcomes.append("booked" if done.journal is not None else "waits")
        except Exception as exc:  # any error is a failure the assert below shows
            outcomes.append(repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=grant, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sorted(outcomes) == ["booked"] + ["waits"] * 5, outcomes
    assert wallet_balance(membership=member) == 3_000
    assert Adjustment.objects.filter(status=Adjustment.Status.PENDING).count() == 5
