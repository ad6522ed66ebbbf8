"""The lists of chip adjustments and of requests for chips find a member by name: they had no search
box, so a manager of a club of hundreds of members, whose decided grants and answered requests pile
up, could find one member's among them only page by page. Found in his own clubs only."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from club import services
from club.models import Membership
from ledger.models import Adjustment, ChipRequest
from ledger.services import chips_adjust, chips_request

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _zone():
    timezone.deactivate()


@pytest.fixture
def clubs(make_user, make_club, client):
    owner = make_user("olga", display_name="Olga")
    other = make_user("boris", display_name="Boris")
    alpha = make_club(owner, "Alpha")
    beta = make_club(other, "Beta")
    for name, display in (("vera", "Вера"), ("gleb", "Gleb"), ("ivan", "Ivan")):
        user = make_user(name, display_name=display)
        for club, manager in ((alpha, owner), (beta, other)):
            services.membership_join(club=club, user=user)
            member = Membership.objects.get(club=club, user=user)
            chips_request(member=member, amount=5, note="please")
            chips_adjust(
                member=member,
                kind="grant",
                amount=6000,
                actor=manager,
                reason="big",
                idempotency_key=f"r138:{club.pk}:{name}",
            )
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    return client, alpha


@pytest.mark.parametrize(("name", "model"), [("adjustment", Adjustment), ("chiprequest", ChipRequest)])
@pytest.mark.parametrize("term", ["vera", "VERA", "Вера", "вер"])
def test_a_member_is_found_by_name_in_his_managers_clubs_only(clubs, name, model, term):
    client, alpha = clubs
    response = client.get(reverse(f"admin:ledger_{name}_changelist"), {"q": term})
    assert response.status_code == 200
    rows = list(response.context["cl"].result_list)
    assert [(row.club_id, row.member.user.username) for row in rows] == [(alpha.pk, "vera")]
    assert model.objects.filter(member__user__username="vera").count() == 2


@pytest.mark.parametrize("name", ["adjustment", "chiprequest"])
@pytest.mark.parametrize("term", ["\x00", "99999999999999999999", "ｖｅｒａ", "' \"", " ".join(["w"] * 11)])
def test_odd_searches_answer_a_page(clubs, name, term):
    client, _alpha = clubs
    client.raise_request_exception = False
    response = client.get(reverse(f"admin:ledger_{name}_changelist"), {"q": term})
    assert response.status_code in (200, 400)
