"""Review 112: a request for chips still open when its member left the club came back when he
rejoined, weeks later perhaps: the managers were asked again for what he had long stopped waiting for,
and he could not ask anew ("You have already asked"). His leaving withdraws it now: it is off the
managers' list for good, he reads that it was withdrawn, he may ask again, and a manager answering it
from a page older than his leaving is told why it is gone."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from club import services as club_services
from club.errors import ServiceError
from club.models import Membership
from ledger.models import ChipRequest
from ledger.services import chips_request, chips_request_answer
from tests.club.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    yield
    timezone.deactivate()


@pytest.fixture
def setting(make_user, make_club):
    owner = make_user("olga")
    club = make_club(owner, "Gone")
    petar = make_user("petar", display_name="Petar")
    club_services.membership_join(club=club, user=petar)
    asked = chips_request(member=Membership.objects.get(club=club, user=petar), amount=50, note="please")
    return owner, club, petar, asked


def test_leaving_withdraws_the_request_and_coming_back_does_not_revive_it(setting):
    owner, club, petar, asked = setting
    club_services.membership_leave(club=club, user=petar)
    asked.refresh_from_db()
    assert asked.status == ChipRequest.Status.WITHDRAWN

    club_services.membership_join(club=club, user=petar)
    page = client_for(owner).get(reverse("club_detail", args=[club.slug])).content.decode()
    assert "“please”" not in page
    assert reverse("ledger_request_answer", args=[club.slug, asked.pk, "grant"]) not in page
    mine = client_for(petar).get(reverse("club_detail", args=[club.slug])).content.decode()
    assert "Your request for 50 chips was withdrawn when you left the club." in mine
    assert "was refused" not in mine
    # He may ask anew.
    again = chips_request(member=Membership.objects.get(club=club, user=petar), amount=70)
    assert again.status == ChipRequest.Status.OPEN


def test_a_manager_answering_from_an_old_page_is_told_it_was_withdrawn(setting):
    owner, club, petar, asked = setting
    club_services.membership_leave(club=club, user=petar)
    with pytest.raises(ServiceError) as refused:
        chips_request_answer(request_id=asked.pk, actor=owner, grant=True, answer="", idempotency_key="k")
    assert "left the club" in refused.value.message and not refused.value.done
    response = client_for(owner).post(
        reverse("ledger_request_answer", args=[club.slug, asked.pk, "refuse"]), {"answer": "no"}
    )
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said == ["Petar left the club, which withdrew this request: there is nothing to answer."]
