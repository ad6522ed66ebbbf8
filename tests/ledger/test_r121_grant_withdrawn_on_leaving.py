"""Review 121: a grant that waits for a second manager's approval stayed on the managers' list after
its member left the club, to be approved for someone gone (and, approved after he came back, booked
for a grant he had long stopped waiting for). His leaving withdraws it now, as it withdraws his own
open request for chips (review 112): off the list, a manager deciding it from an older page is told
why, and a request granted into it reads as withdrawn, not as "You were granted"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from club import services as club_services
from club.errors import ServiceError
from club.models import Club, Membership
from ledger.models import Adjustment, ChipRequest
from ledger.selectors import wallet_balance
from ledger.services import adjustment_approve, chips_adjust, chips_request, chips_request_answer
from tests.club.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.fixture
def setting(make_user, make_club):
    owner = make_user("olga", display_name="Olga")
    club = make_club(owner, "Gone")
    Club.objects.filter(pk=club.pk).update(four_eyes_above=100)
    club.refresh_from_db()
    misha = make_user("misha", display_name="Misha")
    club_services.membership_join(club=club, user=misha)
    club_services.membership_set_role(
        membership=Membership.objects.get(club=club, user=misha), actor=owner, role=Membership.Role.MANAGER
    )
    petar = make_user("petar", display_name="Petar")
    club_services.membership_join(club=club, user=petar)
    return owner, misha, club, petar


def _member(club, user) -> Membership:
    return Membership.objects.get(club=club, user=user)


def test_leaving_withdraws_a_grant_waiting_for_a_second_manager(setting):
    owner, misha, club, petar = setting
    done = chips_adjust(
        member=_member(club, petar),
        kind="grant",
        amount=500,
        actor=misha,
        reason="welcome",
        idempotency_key="k1",
    )
    assert done.adjustment is not None and done.adjustment.status == Adjustment.Status.PENDING
    club_services.membership_leave(club=club, user=petar)
    done.adjustment.refresh_from_db()
    assert done.adjustment.status == Adjustment.Status.WITHDRAWN
    page = client_for(owner).get(reverse("club_detail", args=[club.slug])).content.decode()
    assert reverse("ledger_adjustment_decide", args=[club.slug, done.adjustment.pk, "approve"]) not in page

    club_services.membership_join(club=club, user=petar)  # back: the old grant is not approved for him
    with pytest.raises(ServiceError) as refused:
        adjustment_approve(adjustment_id=done.adjustment.pk, actor=owner)
    assert "left the club" in refused.value.message and not refused.value.done
    response = client_for(owner).post(
        reverse("ledger_adjustment_decide", args=[club.slug, done.adjustment.pk, "approve"])
    )
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said == ["Petar left the club, which withdrew this grant: there is nothing to decide."]
    assert wallet_balance(membership=_member(club, petar)) == 0


def test_a_request_granted_into_a_waiting_grant_reads_withdrawn(setting):
    _owner, misha, club, petar = setting
    asked = chips_request(member=_member(club, petar), amount=500, note="please")
    chips_request_answer(request_id=asked.pk, actor=misha, grant=True, answer="", idempotency_key="r1")
    asked.refresh_from_db()
    assert asked.adjustment is not None and asked.adjustment.status == Adjustment.Status.PENDING
    club_services.membership_leave(club=club, user=petar)
    club_services.membership_join(club=club, user=petar)
    asked.refresh_from_db()
    assert asked.status == ChipRequest.Status.WITHDRAWN
    mine = client_for(petar).get(reverse("club_detail", args=[club.slug])).content.decode()
    assert "was withdrawn when you left the club" in mine
    assert "You were granted" not in mine


def test_a_ban_leaves_the_waiting_grant_to_the_managers(setting):
    owner, misha, club, petar = setting
    done = chips_adjust(
        member=_member(club, petar),
        kind="grant",
        amount=500,
        actor=misha,
        reason="welcome",
        idempotency_key="k2",
    )
    club_services.membership_ban(membership=_member(club, petar), actor=owner, reason="x")
    done.adjustment.refresh_from_db()
    assert done.adjustment.status == Adjustment.Status.PENDING
