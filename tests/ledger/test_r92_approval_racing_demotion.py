"""Review 92's note: an approval racing the demotion of the manager who asked for the grant.

The approval checked that the asker still manages the club without holding his row; a demotion
committing between that check and the booking's own was refused as "Only the club's managers can do
this.", which the approving manager read as meant for himself. The asker's row is held with the
member's now: the approval is booked while he manages, or refused naming him."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from club import services as club_services
from club.errors import ServiceError
from club.models import Membership
from ledger.models import Journal
from ledger.services import adjustments, chips_adjust

from .conftest import make_user


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_an_approval_racing_the_askers_demotion_names_him_or_books_while_he_manages(
    club, owner, member_factory, monkeypatch
):
    member = member_factory()
    asker = Membership.objects.create(club=club, user=make_user("asker"), role=Membership.Role.MANAGER)
    second = Membership.objects.create(club=club, user=make_user("second"), role=Membership.Role.MANAGER)
    waiting = chips_adjust(
        member=member, kind="grant", amount=8_000, actor=asker.user, reason="prize", idempotency_key="r92"
    ).adjustment
    approving, demoted = threading.Event(), threading.Event()
    real_book = adjustments._book
    answers: dict[str, object] = {}

    def book(**kwargs):
        approving.set()  # the asker was checked
        demoted.wait(2)  # the demotion commits now, if nothing holds it back
        return real_book(**kwargs)

    monkeypatch.setattr(adjustments, "_book", book)

    def approve() -> None:
        try:
            adjustments.adjustment_approve(adjustment_id=waiting.pk, actor=second.user)
            answers["approve"] = "approved"
        except ServiceError as exc:
            answers["approve"] = str(exc)
        finally:
            connection.close()

    def demote() -> None:
        try:
            approving.wait(5)
            club_services.membership_set_role(membership=asker, actor=owner, role=Membership.Role.MEMBER)
            answers["demote"] = "demoted"
        finally:
            demoted.set()
            connection.close()

    threads = [threading.Thread(target=approve), threading.Thread(target=demote)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert answers["demote"] == "demoted"
    booked = Journal.objects.filter(kind=Journal.Kind.GRANT, adjustment=waiting).exists()
    if booked:
        assert answers["approve"] == "approved"
    else:
        assert "who asked for this, no longer manages the club" in str(answers["approve"]), answers
