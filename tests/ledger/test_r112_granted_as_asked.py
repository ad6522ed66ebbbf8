"""Review 112: the member's chips box said "You were granted 30 chips (you asked for 30)." when the
manager gave just what was asked: the bracket reads as if the amounts differed. It is said only when
they do."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.urls import reverse
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from ledger.services import chips_request, chips_request_answer
from tests.club.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    yield
    timezone.deactivate()


@pytest.mark.parametrize(
    ("granted", "said"),
    [
        (None, "You were granted 30 chips."),
        (30, "You were granted 30 chips."),
        (20, "You were granted 20 chips (you asked for 30)."),
    ],
)
def test_the_asked_amount_is_said_only_when_another_was_granted(make_user, make_club, granted, said):
    owner = make_user("olga")
    club = make_club(owner, "Asked")
    petar = make_user("petar", display_name="Petar")
    club_services.membership_join(club=club, user=petar)
    asked = chips_request(member=Membership.objects.get(club=club, user=petar), amount=30)
    chips_request_answer(
        request_id=asked.pk, actor=owner, grant=True, answer="", amount=granted, idempotency_key="k"
    )
    page = client_for(petar).get(reverse("club_detail", args=[club.slug])).content.decode()
    assert said in page
    if granted in (None, 30):
        assert "you asked for" not in page
