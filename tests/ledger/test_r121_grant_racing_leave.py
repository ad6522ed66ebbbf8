"""Review 121: a member's leaving withdraws a grant to him that waits for a second manager (see
test_r121_grant_withdrawn_on_leaving). The leave holds his membership's row and then the grant's;
an approval (or a refusal) held the grant's row and then the member's: the two at the same moment
each waited for the other, and PostgreSQL failed one of them with a deadlock. The decision now holds
the member's row first, as the leave and a grant do."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import timezone

from club import services as club_services
from club.models import Club, Membership
from ledger.models import Adjustment, ChipRequest
from ledger.services import (
    adjustment_approve,
    adjustment_refuse,
    chips_adjust,
    chips_request,
    chips_request_answer,
)
from tests.games.races import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    yield
    timezone.deactivate()


@pytest.mark.parametrize("decide", ["approve", "refuse"])
def test_a_decision_racing_the_members_leave_never_deadlocks(make_user, make_club, decide):
    owner = make_user("olga")
    club = make_club(owner, "Race")
    Club.objects.filter(pk=club.pk).update(four_eyes_above=100)
    misha = make_user("misha")
    club_services.membership_join(club=club, user=misha)
    club_services.membership_set_role(
        membership=Membership.objects.get(club=club, user=misha), actor=owner, role=Membership.Role.MANAGER
    )
    for n in range(6):
        user = make_user(f"racer{n}")
        club_services.membership_join(club=club, user=user)
        member = Membership.objects.select_related("club").get(club=club, user=user)
        filed = chips_adjust(
            member=member, kind="grant", amount=500, actor=misha, reason="hi", idempotency_key=f"k{n}"
        ).adjustment
        assert filed is not None

        def decision(pk: int = filed.pk) -> object:
            if decide == "approve":
                return adjustment_approve(adjustment_id=pk, actor=owner)
            return adjustment_refuse(adjustment_id=pk, actor=owner, note="no")

        results = race(decision, lambda user=user: club_services.membership_leave(club=club, user=user))
        assert not any(isinstance(r, str) and "Error" in r for r in results), results
        filed.refresh_from_db()
        assert filed.status != Adjustment.Status.PENDING, f"round {n}"


def test_granting_a_request_racing_the_members_leave_never_deadlocks(make_user, make_club):
    """The same order for a request answered with a grant: it held the request's row, then (the grant)
    the member's; his leave holds his row, then withdraws his open requests (review 112)."""
    owner = make_user("olga")
    club = make_club(owner, "Race")
    for n in range(6):
        user = make_user(f"asker{n}")
        club_services.membership_join(club=club, user=user)
        asked = chips_request(member=Membership.objects.get(club=club, user=user), amount=50)

        def grant(pk: int = asked.pk) -> object:
            return chips_request_answer(
                request_id=pk, actor=owner, grant=True, answer="", idempotency_key=f"r{pk}"
            )

        results = race(grant, lambda user=user: club_services.membership_leave(club=club, user=user))
        assert not any(isinstance(r, str) and "Error" in r for r in results), results
        asked.refresh_from_db()
        assert asked.status != ChipRequest.Status.OPEN, f"round {n}"
