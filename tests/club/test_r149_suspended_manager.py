"""Review 149: a manager suspended from the club's tables still managed it everywhere but at a
table: the admin showed him the club and its actions, he banned and suspended members, granted
chips, opened tables (which he could then neither cancel nor move: the tables refused him as
suspended) and read the players' reports. While suspended he now manages nothing: the admin does
not show him the club, its services refuse him saying why, and the club cannot be handed to him.
Once the suspension is lifted he manages again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from club import services
from club.admin_site import admin_clubs_for
from club.errors import NotAllowed, ServiceError
from club.models import Club, Membership
from games.services import TableError, table_session_create
from ledger.services import chips_adjust

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def suspended(club, owner, manager):
    services.membership_suspend(
        membership=m(club, manager), actor=owner, reason="tilt", until=timezone.now() + timedelta(days=2)
    )
    return manager


def test_the_admin_does_not_show_him_the_club(club, suspended) -> None:
    assert not admin_clubs_for(suspended).exists()
    page = client_for(suspended).get(reverse("admin:club_membership_changelist"))
    assert page.status_code == 302 and "/login/" in page["Location"]


def test_the_admin_still_shows_his_other_club(club, suspended, make_club) -> None:
    own = make_club(suspended, "His Own")
    assert list(admin_clubs_for(suspended)) == [own]
    page = client_for(suspended).get(reverse("admin:club_membership_changelist"))
    assert page.status_code == 200
    assert {row.club_id for row in page.context["cl"].result_list} == {own.pk}


def test_he_cannot_ban_or_grant(club, suspended, member) -> None:
    with pytest.raises(NotAllowed) as banned:
        services.membership_ban(membership=m(club, member), actor=suspended, reason="spam")
    assert "suspended" in banned.value.message
    with pytest.raises(ServiceError):
        chips_adjust(
            member=m(club, member), kind="grant", amount=10, actor=suspended, reason="r", idempotency_key="k"
        )
    assert m(club, member).status == Membership.Status.ACTIVE


def test_he_cannot_open_a_table(club, suspended) -> None:
    values = {
        "title": "T",
        "preset": "classic",
        "stake": 5,
        "seat_count": 4,
        "buy_in_min": 100,
        "buy_in_max": 500,
    }
    with pytest.raises(TableError) as refused:
        table_session_create(club=club, actor=suspended, **values)
    assert refused.value.code == "suspended"


def test_he_does_not_read_the_reports(club, suspended) -> None:
    page = client_for(suspended).get(reverse("report_list", args=[club.slug]))
    assert page.status_code == 404


def test_the_club_is_not_handed_to_him(club, owner, suspended) -> None:
    with pytest.raises(ServiceError) as refused:
        services.club_hand_over(membership=m(club, suspended), actor=owner)
    assert "suspended" in refused.value.message
    assert m(club, owner).role == Membership.Role.OWNER


def test_lifted_he_manages_again(club, owner, suspended, member) -> None:
    services.membership_unsuspend(membership=m(club, suspended), actor=owner)
    services.membership_ban(membership=m(club, member), actor=suspended, reason="spam")
    assert m(club, member).status == Membership.Status.BANNED
    assert list(admin_clubs_for(suspended)) == [Club.objects.get(pk=club.pk)]


def test_the_club_page_offers_him_no_managers_forms(club, suspended) -> None:
    page = client_for(suspended).get(club.get_absolute_url())
    assert page.status_code == 200
    assert page.context["is_manager"] is False
    assert page.context["membership"].role == Membership.Role.MANAGER


def test_he_does_not_read_a_tables_books(club, owner, suspended) -> None:
    values = {
        "title": "T",
        "preset": "classic",
        "stake": 5,
        "seat_count": 4,
        "buy_in_min": 100,
        "buy_in_max": 500,
    }
    table = table_session_create(club=club, actor=owner, **values)
    address = reverse("table_ledger", args=[table.pk])
    assert client_for(suspended).get(address).status_code == 404
    assert client_for(owner).get(address).status_code == 200


def test_the_owners_page_offers_no_hand_over_to_him(club, owner, suspended) -> None:
    hand_over = reverse("membership_hand_over", args=[club.slug, m(club, suspended).pk])
    assert hand_over not in client_for(owner).get(club.get_absolute_url()).content.decode()
    services.membership_unsuspend(membership=m(club, suspended), actor=owner)
    assert hand_over in client_for(owner).get(club.get_absolute_url()).content.decode()


def test_an_owner_suspended_before_he_was_handed_the_club_still_manages(club, owner, manager, member) -> None:
    """Nobody may lift an owner's suspension: one given before this review's refusal of such a
    hand-over would have left the club with nobody to manage it."""
    Membership.objects.filter(pk=m(club, owner).pk).update(role=Membership.Role.MANAGER)
    Membership.objects.filter(pk=m(club, manager).pk).update(
        role=Membership.Role.OWNER, suspended_until=timezone.now() + timedelta(days=2), suspend_reason="tilt"
    )
    services.membership_ban(membership=m(club, member), actor=manager, reason="spam")
    assert list(admin_clubs_for(manager)) == [Club.objects.get(pk=club.pk)]


def test_the_history_pages_treat_him_as_a_member(club, owner, suspended) -> None:
    """Review 155's left-out: the deal history still read ``is_manager`` — a suspended manager looked
    up the names of those asking to join, as managers may."""
    from club.models import User
    from games.views_history import _named_in_club

    club.join_policy = Club.JoinPolicy.APPROVAL
    club.save(update_fields=["join_policy"])
    applicant = User.objects.create_user("applicant-155", password="x-long-pass-155")
    services.membership_join(club=club, user=applicant)
    assert m(club, applicant).status == Membership.Status.PENDING
    assert not _named_in_club(applicant, club, m(club, suspended))
    assert _named_in_club(applicant, club, m(club, owner))
