"""The managers' list of requests to join is longest-waiting first. It was ordered by when each
person's membership row was made: one who asked, withdrew and asked again (the row is kept and used
again) went to the top as if he had waited longest (review 104's left-out)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club import services

from .conftest import client_for

pytestmark = pytest.mark.django_db


def test_one_who_asks_again_waits_from_his_new_request(approval_club, owner, make_user):
    first, second = make_user("arkady"), make_user("boyana")
    services.membership_join(club=approval_club, user=first)
    services.membership_join(club=approval_club, user=second)
    services.membership_leave(club=approval_club, user=first, request_only=True)
    services.membership_join(club=approval_club, user=first)
    page = client_for(owner).get(reverse("club_detail", args=[approval_club.slug])).content.decode()
    requests = page.split("Requests to join", 1)[1]
    assert requests.index("@boyana") < requests.index("@arkady")
