"""Review 21: a person asked to join, and his page kept showing "Withdraw the request" while a manager
accepted him meanwhile. Clicking it on that page made him leave the club he had just been admitted to,
with "Your request to join … has been withdrawn.". A withdrawal withdraws a request only: he stays a
member and is told so."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from club import services
from club.models import Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def test_withdrawing_an_accepted_request_leaves_nothing(approval_club, owner, stranger):
    services.membership_join(club=approval_club, user=stranger)
    client = client_for(stranger)
    page = client.get(reverse("club_detail", args=[approval_club.slug])).content.decode()
    assert "Withdraw the request" in page  # the page he keeps open
    services.membership_approve(membership=m(approval_club, stranger), actor=owner)

    response = client.post(
        reverse("club_leave", args=[approval_club.slug]),
        {"confirm": "1", "withdraw": "1"},
        HTTP_ACCEPT_LANGUAGE="bg",
    )
    assert m(approval_club, stranger).status == Membership.Status.ACTIVE
    told = [str(message) for message in get_messages(response.wsgi_request)]
    assert told == [
        "Междувременно мениджър прие заявката ви: вече сте член на клуба. За да напуснете клуба, "
        "използвайте „Напусни клуба…“ на страницата му."
    ]


def test_a_waiting_request_is_still_withdrawn_and_a_member_still_leaves(
    approval_club, owner, stranger, make_user
):
    services.membership_join(club=approval_club, user=stranger)
    client_for(stranger).post(
        reverse("club_leave", args=[approval_club.slug]), {"confirm": "1", "withdraw": "1"}
    )
    assert m(approval_club, stranger).status == Membership.Status.LEFT
    vera = make_user("vera")
    services.membership_join(club=approval_club, user=vera)
    services.membership_approve(membership=m(approval_club, vera), actor=owner)
    client_for(vera).post(reverse("club_leave", args=[approval_club.slug]), {"confirm": "1"})
    assert m(approval_club, vera).status == Membership.Status.LEFT
