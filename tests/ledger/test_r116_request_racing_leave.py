"""Review 116: a request for chips sent while its member was leaving the club (two tabs, or a page
read a moment before the leave committed) was filed open for a member already gone: his leaving had
withdrawn what was open when it ran (review 112), so this one stayed on the managers' list and came
back when he rejoined, and he could not ask anew. The request now reads his membership again under
its lock, as the leave holds it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import timezone

from club import services as club_services
from club.errors import ServiceError
from club.models import Membership
from ledger.models import ChipRequest
from ledger.services import chips_request
from tests.games.races import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    yield
    timezone.deactivate()


def _open_requests(club, user) -> int:
    return ChipRequest.objects.filter(
        member__club=club, member__user=user, status=ChipRequest.Status.OPEN
    ).count()


def test_a_request_from_a_page_read_before_the_leave_is_refused(make_user, make_club):
    owner = make_user("olga")
    club = make_club(owner, "Gone")
    petar = make_user("petar", display_name="Petar")
    club_services.membership_join(club=club, user=petar)
    as_read = Membership.objects.get(club=club, user=petar)  # the request's view read him active
    club_services.membership_leave(club=club, user=petar)
    with pytest.raises(ServiceError) as refused:
        chips_request(member=as_read, amount=50, note="please")
    assert refused.value.message == "Only active members can ask for chips."
    assert _open_requests(club, petar) == 0


def test_a_request_racing_the_leave_is_never_left_open(make_user, make_club):
    owner = make_user("olga")
    club = make_club(owner, "Race")
    for n in range(4):
        user = make_user(f"racer{n}")
        club_services.membership_join(club=club, user=user)
        as_read = Membership.objects.get(club=club, user=user)
        race(
            lambda as_read=as_read: chips_request(member=as_read, amount=50),
            lambda user=user: club_services.membership_leave(club=club, user=user),
        )
        assert Membership.objects.get(club=club, user=user).status != Membership.Status.ACTIVE
        assert _open_requests(club, user) == 0, f"round {n}"
