"""A manager the collusion scan flagged does not dismiss his own flag (outside review).

The scan flags a pair of players; any manager of the club could dismiss the flag, the flagged
manager too, and the only trace of his playing for a friend was gone on his word. One of the pair
may still report it (to the other managers); dismissing it is for a manager it does not name."""

from __future__ import annotations

import pytest
from django.test import Client

from club import services as club_services
from club.models import Membership
from games.models import CollusionFlag
from games.services.collusion import collusion_decide
from games.services.errors import TableError


@pytest.fixture
def flag(club, players, owner) -> CollusionFlag:
    first, second = (Membership.objects.get(club=club, user=u) for u in players[:2])
    club_services.membership_set_role(membership=first, actor=owner, role=Membership.Role.MANAGER)
    return CollusionFlag.objects.create(
        club=club, first=first, second=second, score=9.0, signals={"pass": 3}, deals=[], deal_count=4
    )


@pytest.mark.django_db
def test_the_flagged_manager_cannot_dismiss_his_own_flag(flag, players):
    with pytest.raises(TableError) as caught:
        collusion_decide(flag_id=flag.pk, actor=players[0], decision="dismiss")
    assert caught.value.code == "flag_own"
    flag.refresh_from_db()
    assert flag.status == CollusionFlag.Status.OPEN and flag.decided_by is None


@pytest.mark.django_db
def test_the_page_tells_him_in_his_language(flag, players, club):
    players[0].preferred_language = "ru"
    players[0].save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(players[0])
    response = client.post(f"/clubs/{club.slug}/collusion/{flag.pk}/dismiss/", follow=True)
    assert response.status_code == 200
    text = response.content.decode()
    assert "другой менеджер" in text
    flag.refresh_from_db()
    assert flag.status == CollusionFlag.Status.OPEN


@pytest.mark.django_db
def test_another_manager_dismisses_it(flag, owner):
    collusion_decide(flag_id=flag.pk, actor=owner, decision="dismiss")
    flag.refresh_from_db()
    assert flag.status == CollusionFlag.Status.DISMISSED
