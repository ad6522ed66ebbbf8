"""Joining a club again and again (leave, join; ask, withdraw, ask) wrote the club's log and asked
its managers each time, without a bound: a person may join or ask to join one club
``JOINS_PER_CLUB_PER_DAY`` times a day; past that he is told why and nothing is written."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from club import services
from club.errors import ServiceError
from club.models import AuditLog, Membership

from .conftest import logged_in, m

pytestmark = pytest.mark.django_db

Status = Membership.Status


def _entries(club, user) -> int:
    return AuditLog.objects.filter(
        club=club, target_user=user, action__in=("membership.joined", "membership.requested")
    ).count()


def test_an_open_club_can_be_joined_five_times_a_day_then_not(settings, club, stranger):
    settings.JOINS_PER_CLUB_PER_DAY = 5
    services.membership_join(club=club, user=stranger)
    for _ in range(4):
        services.membership_leave(club=club, user=stranger)
        services.membership_join(club=club, user=stranger)
    services.membership_leave(club=club, user=stranger)
    before = AuditLog.objects.count()
    with pytest.raises(ServiceError) as refused:
        services.membership_join(club=club, user=stranger)
    assert refused.value.code == "join_limit"
    assert "5 times in the last day" in str(refused.value)
    assert m(club, stranger).status == Status.LEFT
    assert AuditLog.objects.count() == before


def test_the_day_is_a_rolling_one(settings, club, stranger):
    settings.JOINS_PER_CLUB_PER_DAY = 2
    services.membership_join(club=club, user=stranger)
    services.membership_leave(club=club, user=stranger)
    services.membership_join(club=club, user=stranger)
    services.membership_leave(club=club, user=stranger)
    with pytest.raises(ServiceError):
        services.membership_join(club=club, user=stranger)
    AuditLog.objects.filter(club=club, target_user=stranger).update(
        created_at=timezone.now() - timedelta(days=1, minutes=1)
    )
    assert services.membership_join(club=club, user=stranger).status == Status.ACTIVE


def test_asking_and_withdrawing_is_bounded_too_and_says_so_in_the_readers_language(
    settings, approval_club, stranger
):
    settings.JOINS_PER_CLUB_PER_DAY = 3
    client = logged_in(stranger)
    join = reverse("club_join", args=[approval_club.slug])
    leave = reverse("club_leave", args=[approval_club.slug])
    for _ in range(3):
        client.post(join)
        assert m(approval_club, stranger).status == Status.PENDING
        client.post(leave, {"confirm": "1"})
    assert _entries(approval_club, stranger) == 3
    with translation.override("ru"):
        response = client.post(join, follow=True, HTTP_ACCEPT_LANGUAGE="ru")
    page = response.content.decode()
    assert "3 раза за последние сутки" in page
    assert m(approval_club, stranger).status == Status.LEFT
    assert _entries(approval_club, stranger) == 3


def test_another_club_and_another_person_have_their_own_count(
    settings, club, make_club, owner, stranger, member
):
    settings.JOINS_PER_CLUB_PER_DAY = 1
    services.membership_join(club=club, user=stranger)
    services.membership_leave(club=club, user=stranger)
    with pytest.raises(ServiceError):
        services.membership_join(club=club, user=stranger)
    other = make_club(owner, "Other")
    assert services.membership_join(club=other, user=stranger).status == Status.ACTIVE
    services.membership_leave(club=club, user=member)
    # The member joined when the club was made (the fixture), once: his one place is taken, as a
    # person's first join counts.
    with pytest.raises(ServiceError):
        services.membership_join(club=club, user=member)
