"""A grant to a member who is banned or leaves at that moment (review 18).

The grant form reads its member before the grant is booked; ``chips_adjust`` then locked his row but
kept the object the form had read, so a ban or a leave committed in between went unseen: the chips
were booked into the wallet of a member who was no longer active (or an adjustment filed for one),
though only active members hold chips. It reads him again under its lock. Approving a waiting grant
locks his row after the adjustment's (its own row only since review 18's deadlock fix: the member's
row is taken by itself, so the approval still sees a ban that committed first).
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from club import services as club_services
from club.errors import NotAllowed, ServiceError
from club.models import Membership
from ledger.models import Adjustment, Journal
from ledger.selectors import wallet_balance
from ledger.services import adjustments, chips_adjust, chips_request, chips_request_answer

from .conftest import make_user


@pytest.fixture
def second(club) -> Membership:
    return Membership.objects.create(club=club, user=make_user("second"), role=Membership.Role.MANAGER)


def _gone(how: str, member: Membership, owner) -> None:
    if how == "ban":
        club_services.membership_ban(membership=member, actor=owner, reason="gone")
    else:
        club_services.membership_leave(club=member.club, user=member.user)


@pytest.mark.django_db
@pytest.mark.parametrize("how", ["ban", "leave"])
@pytest.mark.parametrize("amount", [300, 8_000])  # booked at once; filed for a second manager
def test_a_grant_read_before_the_member_went_books_and_files_nothing(
    club, owner, member_factory, how, amount
):
    member = member_factory()
    as_the_form_read_him = Membership.objects.select_related("club", "user").get(pk=member.pk)
    _gone(how, member, owner)
    with pytest.raises(NotAllowed):
        chips_adjust(
            member=as_the_form_read_him,
            kind="grant",
            amount=amount,
            actor=owner,
            reason="r",
            idempotency_key="k",
        )
    assert wallet_balance(membership=member) == 0
    assert not Journal.objects.filter(kind=Journal.Kind.GRANT, entries__account__member=member).exists()
    assert not Adjustment.objects.filter(member=member).exists()


@pytest.mark.django_db
def test_a_request_answered_after_its_member_left_grants_nothing(club, owner, member_factory):
    member = member_factory()
    asked = chips_request(member=member, amount=300)
    club_services.membership_leave(club=club, user=member.user)
    with pytest.raises(ServiceError):  # withdrawn by his leaving (review 112)
        chips_request_answer(request_id=asked.pk, actor=owner, grant=True, answer="ok", idempotency_key="k")
    assert wallet_balance(membership=member) == 0


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_an_approval_racing_a_ban_never_books_into_a_banned_members_wallet(
    club, owner, second, member_factory, monkeypatch
):
    member = member_factory()
    waiting = chips_adjust(
        member=member, kind="grant", amount=8_000, actor=owner, reason="prize", idempotency_key="r18"
    ).adjustment
    approving, banned = threading.Event(), threading.Event()
    real_book = adjustments._book
    answers: dict[str, object] = {}

    def book(**kwargs):
        approving.set()  # the adjustment (and the member, read with it) are read
        banned.wait(2)  # the ban commits now, if nothing holds it back
        return real_book(**kwargs)

    monkeypatch.setattr(adjustments, "_book", book)

    def approve() -> None:
        try:
            adjustments.adjustment_approve(adjustment_id=waiting.pk, actor=second.user)
            answers["approve"] = "approved"
        except ServiceError as exc:
            answers["approve"] = exc
        finally:
            connection.close()

    def ban() -> None:
        try:
            approving.wait(5)
            club_services.membership_ban(membership=member, actor=owner, reason="race")
            answers["ban"] = "banned"
        finally:
            banned.set()
            connection.close()

    threads = [threading.Thread(target=approve), threading.Thread(target=ban)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert answers["ban"] == "banned"
    member.refresh_from_db()
    assert member.status == Membership.Status.BANNED
    booked = Journal.objects.filter(kind=Journal.Kind.GRANT, adjustment=waiting).exists()
    # Either approved while he was a member (the ban waited for it), or refused: never both orders.
    assert (answers["approve"] == "approved") == booked
    if booked:
        first_ban = club_services.AuditLog.objects.filter(action="membership.banned", target_user=member.user)
        approved = club_services.AuditLog.objects.filter(action="chips.adjustment_approved")
        assert approved.get().pk < first_ban.get().pk
    assert wallet_balance(membership=member) == (8_000 if booked else 0)
