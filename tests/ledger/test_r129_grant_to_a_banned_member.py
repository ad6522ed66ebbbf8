"""Review 129: a grant waiting for a second manager's approval, to a member banned since, stayed on
the club page with an "Approve" button that only refused ("Only active members can hold chips"). A
ban is not his doing (unlike a leave, which withdraws the grant): the grant waits for the ban's end,
shown as not approvable meanwhile, with only "Refuse" offered."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from club import services as club_services
from club.models import Club, Membership
from ledger.models import Adjustment
from ledger.services import chips_adjust
from tests.club.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    timezone.deactivate()
    yield
    timezone.deactivate()


def test_a_grant_to_a_banned_member_offers_only_refuse(make_user, make_club):
    owner = make_user("olga", display_name="Olga")
    club = make_club(owner, "Banned")
    Club.objects.filter(pk=club.pk).update(four_eyes_above=100)
    misha = make_user("misha", display_name="Misha")
    club_services.membership_join(club=club, user=misha)
    club_services.membership_set_role(
        membership=Membership.objects.get(club=club, user=misha), actor=owner, role=Membership.Role.MANAGER
    )
    petar = make_user("petar", display_name="Petar")
    club_services.membership_join(club=club, user=petar)
    done = chips_adjust(
        member=Membership.objects.get(club=club, user=petar),
        kind="grant",
        amount=500,
        actor=misha,
        reason="welcome",
        idempotency_key="k1",
    )
    assert done.adjustment is not None
    approve = reverse("ledger_adjustment_decide", args=[club.slug, done.adjustment.pk, "approve"])
    refuse = reverse("ledger_adjustment_decide", args=[club.slug, done.adjustment.pk, "refuse"])
    page = client_for(owner).get(reverse("club_detail", args=[club.slug])).content.decode()
    assert approve in page and refuse in page

    club_services.membership_ban(membership=Membership.objects.get(club=club, user=petar), actor=owner)
    page = client_for(owner).get(reverse("club_detail", args=[club.slug])).content.decode()
    assert approve not in page
    assert refuse in page
    assert "banned from the club: no chips can go to this member while the ban stands" in page

    # Approved from a page read before the ban, the approver is told why not, and what he may do.
    response = client_for(owner).post(approve)
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said == [
        "Petar is banned from the club: no chips can go to him while the ban stands. Refuse it, or "
        "approve it once the ban is lifted."
    ], said
    done.adjustment.refresh_from_db()
    assert done.adjustment.status == Adjustment.Status.PENDING

    # Refusing it still closes it.
    client_for(owner).post(refuse, {"answer": "banned"})
    done.adjustment.refresh_from_db()
    assert done.adjustment.status == Adjustment.Status.REFUSED
