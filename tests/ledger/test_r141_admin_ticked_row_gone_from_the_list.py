"""Review 141: an action on rows ticked in a filtered admin list ("Status: pending" among the
adjustments, "Status: banned" among the members, as the club page links there) when a ticked row has
left the filter since the page was shown: Django drops it from the selection, and the action said
nothing at all. A manager who pressed "Approve" on a grant another manager had refused meanwhile
read no word, saw the grant gone from his pending list and took it as approved. The list now says
that a ticked row is no longer in it, and nothing is done to it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib import messages
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from club import services as club_services
from club.models import Club, Membership
from ledger.models import Adjustment
from ledger.services import adjustment_refuse, chips_adjust
from tests.club.conftest import client_for

pytestmark = pytest.mark.django_db

GONE = (
    "1 of the ticked rows is no longer in this list: it changed after the page was shown. Look at the "
    "list again."
)


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.fixture
def setting(make_user, make_club):
    owner = make_user("olga", display_name="Olga")
    club = make_club(owner, "Books")
    Club.objects.filter(pk=club.pk).update(four_eyes_above=100)
    people = []
    for name in ("misha", "sasha"):
        user = make_user(name, display_name=name.capitalize())
        club_services.membership_join(club=club, user=user)
        club_services.membership_set_role(
            membership=Membership.objects.get(club=club, user=user), actor=owner, role=Membership.Role.MANAGER
        )
        people.append(user)
    petar = make_user("petar", display_name="Petar")
    club_services.membership_join(club=club, user=petar)
    return owner, *people, club, petar


def _said(response) -> list[tuple[int, str]]:
    return [(m.level, str(m)) for m in get_messages(response.wsgi_request)]


def test_approving_a_grant_refused_meanwhile_says_it_left_the_pending_list(setting):
    owner, misha, sasha, club, petar = setting
    member = Membership.objects.select_related("club").get(club=club, user=petar)
    grant = chips_adjust(
        member=member, kind="grant", amount=500, actor=misha, reason="welcome", idempotency_key="g141"
    ).adjustment
    url = reverse("admin:ledger_adjustment_changelist") + "?status__exact=pending"
    adjustment_refuse(adjustment_id=grant.pk, actor=sasha, note="not now")  # meanwhile
    response = client_for(owner).post(url, {"action": "approve_selected", "_selected_action": [grant.pk]})
    assert _said(response) == [(messages.WARNING, GONE)]
    grant.refresh_from_db()
    assert grant.status == Adjustment.Status.REFUSED


def test_lifting_a_ban_lifted_meanwhile_says_it_left_the_banned_list(setting):
    owner, misha, _sasha, club, petar = setting
    member = Membership.objects.get(club=club, user=petar)
    club_services.membership_ban(membership=member, actor=owner, reason="rude")
    url = reverse("admin:club_membership_changelist") + f"?club__id__exact={club.pk}&status__exact=banned"
    club_services.membership_unban(membership=member, actor=misha)  # meanwhile
    response = client_for(owner).post(url, {"action": "unban_selected", "_selected_action": [member.pk]})
    assert _said(response) == [(messages.WARNING, GONE)]


def test_rows_still_in_the_list_are_acted_on_without_the_warning(setting):
    owner, misha, _sasha, club, petar = setting
    member = Membership.objects.select_related("club").get(club=club, user=petar)
    grant = chips_adjust(
        member=member, kind="grant", amount=500, actor=misha, reason="welcome", idempotency_key="g141b"
    ).adjustment
    url = reverse("admin:ledger_adjustment_changelist") + "?status__exact=pending"
    response = client_for(owner).post(url, {"action": "approve_selected", "_selected_action": [grant.pk]})
    assert all(level != messages.WARNING for level, _text in _said(response)), _said(response)
    grant.refresh_from_db()
    assert grant.status == Adjustment.Status.APPROVED
