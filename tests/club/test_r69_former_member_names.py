"""A name still shown in a club's history. Vera played in the club and left it for a while; Eve
joined as "Vera" (or renamed herself so), since only members present were compared. The deal list
and the leaderboard then showed two "Vera"s, Eve's deals beside Vera's, and when Vera came back she
was refused: her own name "looks like a member's". Someone who played in the club, or was banned
from it, keeps his name there. Review 69."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club import services
from club.errors import ServiceError
from club.models import Membership, User
from games.models import DealPlayer
from games.services import table_session_create
from ledger.services import chips_grant
from tests.games.conftest import sit_all, start_deal

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture
def vera_played(club, owner, member, make_user, settings) -> User:
    """Vera ("Vera") sat in a deal of the club with Petar, then left it."""
    settings.TABLE_DEAL_PAUSE = settings.TABLE_FIRST_DEAL_PAUSE = 0
    vera = make_user("vera", display_name="Vera")
    services.membership_join(club=club, user=vera)
    for user in (vera, member):
        chips_grant(membership=m(club, user), amount=1000, actor=owner, reason="start")
    table = table_session_create(
        club=club, actor=owner, title="Friday", preset="classic", seat_count=4,
        stake=5, buy_in_min=100, buy_in_max=500, turn_seconds=30,
    )
    sit_all(table, [vera, member])
    start_deal(table)
    assert DealPlayer.objects.filter(member__user=vera).exists()
    Membership.objects.filter(club=club, user=vera).update(status=Membership.Status.LEFT)
    return vera


def test_no_one_joins_under_the_name_of_a_player_who_left(club, vera_played, make_user):
    eve = make_user("eve", display_name="Vera")
    with pytest.raises(ServiceError):
        services.membership_join(club=club, user=eve)
    assert not Membership.objects.filter(club=club, user=eve).exists()


def test_no_member_renames_himself_after_a_player_who_left(club, vera_played, make_user):
    eve = make_user("eve", display_name="Eve")
    services.membership_join(club=club, user=eve)
    response = client_for(eve).post(reverse("profile"), {
        "display_name": "Vеra", "email": eve.email, "preferred_language": "", "time_zone": "UTC",
    })
    assert response.status_code == 200
    assert "looks like the name of someone in your clubs" in response.content.decode()
    eve.refresh_from_db()
    assert eve.display_name == "Eve"


def test_the_player_who_left_comes_back_under_his_name(club, vera_played, make_user):
    eve = make_user("eve", display_name="Vera")
    with pytest.raises(ServiceError):
        services.membership_join(club=club, user=eve)
    services.membership_join(club=club, user=vera_played)
    assert m(club, vera_played).status == Membership.Status.ACTIVE


def test_a_banned_members_name_stays_his(club, owner, make_user):
    vera = make_user("vera", display_name="Vera")
    services.membership_join(club=club, user=vera)
    Membership.objects.filter(club=club, user=vera).update(status=Membership.Status.BANNED)
    with pytest.raises(ServiceError):
        services.membership_join(club=club, user=make_user("eve", display_name="Vera"))


def test_a_refused_applicant_who_never_played_holds_no_name(club, make_user):
    """Left without a deal (a refused request, a member who never sat down): his name is nowhere in
    the club's pages, so it is free."""
    ghost = make_user("ghost", display_name="Vera")
    services.membership_join(club=club, user=ghost)
    Membership.objects.filter(club=club, user=ghost).update(status=Membership.Status.LEFT)
    vera = make_user("vera", display_name="Vera")
    services.membership_join(club=club, user=vera)
    assert m(club, vera).status == Membership.Status.ACTIVE
