"""A time zone the profile's list does not offer: the admin's form takes any zone the server knows
("Etc/GMT-3", "Poland", "EST5EDT"), the profile's list only "Area/City" names and UTC. The player's
profile then showed no zone chosen, so the browser sent the list's first, and saving a new display
name quietly moved every time of his pages to UTC (or, sent as it was, refused the whole form). His
own zone is offered to him now. Review 69."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from club.models import User

from .conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("zone", ["Etc/GMT-3", "Poland", "EST5EDT"])
def test_the_profile_offers_and_keeps_the_players_own_zone(member, zone):
    User.objects.filter(pk=member.pk).update(time_zone=zone)
    client = client_for(member)
    page = client.get(reverse("profile")).content.decode()
    assert re.search(rf'<option value="{re.escape(zone)}"[^>]*selected', page)
    response = client.post(reverse("profile"), {
        "display_name": "Petar P.", "email": member.email, "preferred_language": "", "time_zone": zone,
    })
    assert response.status_code == 302
    member.refresh_from_db()
    assert (member.display_name, member.time_zone) == ("Petar P.", zone)


def test_another_zone_outside_the_list_is_still_refused(member):
    response = client_for(member).post(reverse("profile"), {
        "display_name": "Petar", "email": member.email, "preferred_language": "", "time_zone": "Etc/GMT-3",
    })
    assert response.status_code == 200
    member.refresh_from_db()
    assert member.time_zone == "UTC"
