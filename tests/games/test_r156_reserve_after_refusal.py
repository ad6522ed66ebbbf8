"""Review 156: Vera left the club, asked to join it again (it lets people in by approval) and a
manager refused her. A page of hers drawn while she was a member still offered "Reserve"; pressed, it
answered "Only active members of this club can play at its tables.", which said nothing of her
request, or of why she was not a member. The reserve forms now say it: her request was refused, or
still waits for a manager, or she is not a member (any more)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import Club, Membership
from games.models import Reservation

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.fixture
def later(make_table):
    starts = timezone.now() + timedelta(days=2)
    return make_table(starts_at=starts, ends_at=starts + timedelta(hours=2))


@pytest.fixture
def asked_again(club, players):
    """Vera, out of the club and asking to join it again."""
    club.join_policy = Club.JoinPolicy.APPROVAL
    club.save(update_fields=["join_policy"])
    vera = players[0]
    club_services.membership_leave(club=club, user=vera)
    club_services.membership_join(club=club, user=vera)
    return vera


def _refuse(club, owner, user) -> None:
    club_services.membership_refuse(membership=Membership.objects.get(club=club, user=user), actor=owner)


def _reserve(user, table, back: str) -> list[str]:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    answer = client.post(f"/tables/{table.pk}/reserve/", {"position": "2", "back": back}, follow=True)
    return [str(message) for message in answer.context["messages"]]


@pytest.mark.parametrize("back", ["", "home", "table"])
def test_a_refused_applicant_is_told_his_request_was_refused(club, owner, asked_again, later, back) -> None:
    club_services.membership_refuse(
        membership=Membership.objects.get(club=club, user=asked_again), actor=owner
    )
    said = _reserve(asked_again, later, back)
    assert len(said) == 1 and "refused your request to join" in said[0] and club.name in said[0], said
    assert not Reservation.objects.exists()


def test_one_whose_request_waits_is_told_it_waits(club, asked_again, later) -> None:
    said = _reserve(asked_again, later, "")
    assert len(said) == 1 and "waiting for a manager" in said[0], said


def test_one_who_left_is_told_he_is_not_a_member(club, players, later) -> None:
    club_services.membership_leave(club=club, user=players[1])
    said = _reserve(players[1], later, "home")
    assert len(said) == 1 and "not a member" in said[0] and club.name in said[0], said


def test_in_russian(club, owner, asked_again, later) -> None:
    club_services.membership_refuse(
        membership=Membership.objects.get(club=club, user=asked_again), actor=owner
    )
    client = Client()
    client.force_login(asked_again)
    client.cookies["django_language"] = "ru"
    answer = client.post(f"/tables/{later.pk}/reserve/", {"position": "2"}, follow=True)
    said = [str(message) for message in answer.context["messages"]]
    assert len(said) == 1 and "отклонил" in said[0], said
