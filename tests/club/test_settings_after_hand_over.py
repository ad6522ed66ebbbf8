"""An owner who handed his club over and then sent the settings form from a tab left open read the
bare 403 page. He is sent to the club's page and told who owns it now; nothing is changed."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from club import services
from club.models import Club, Membership

from .conftest import client_for

pytestmark = pytest.mark.django_db


def test_a_former_owners_settings_tab_says_who_owns_the_club_now(club, owner, manager):
    tab = client_for(owner)
    url = reverse("club_settings", args=[club.slug])
    assert tab.get(url).status_code == 200
    services.club_hand_over(membership=Membership.objects.get(club=club, user=manager), actor=owner)
    response = tab.post(url, {"description": "mine again", "join_policy": "invite"})
    assert response.status_code == 302 and response["Location"] == club.get_absolute_url()
    said = [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]
    assert said == [("error", "Only the club's owner can change its settings (Misha owns it).")], said
    club.refresh_from_db()
    assert club.join_policy == Club.JoinPolicy.OPEN and club.description != "mine again"


def test_in_russian(club, owner, manager):
    owner.preferred_language = "ru"
    owner.save(update_fields=["preferred_language"])
    services.club_hand_over(membership=Membership.objects.get(club=club, user=manager), actor=owner)
    page = client_for(owner).get(reverse("club_settings", args=[club.slug]), follow=True).content.decode()
    assert "Менять настройки клуба может только его владелец (владелец — Misha)." in page
