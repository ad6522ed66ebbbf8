"""The "open a club" form sent twice opens one club and says so (outside review).

A double click sent the form twice: the first request opened the club, the second was refused
because the name was taken, and that refusal was the page the founder saw, with his form back, as
if nothing had been opened. The same founder sending the same name again within a minute now gets
his new club back."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club import services
from club.errors import ServiceError
from club.models import Club, Membership

pytestmark = pytest.mark.django_db

FORM = {"name": "Friday Snorers", "description": "", "join_policy": "open"}


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_same_form_twice_opens_one_club_and_lands_on_it(make_user):
    founder = make_user("founder", display_name="Fedor")
    client = _client(founder)
    first = client.post("/clubs/new/", FORM)
    second = client.post("/clubs/new/", FORM)
    club = Club.objects.get(name="Friday Snorers")
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"] == club.get_absolute_url()
    assert Club.objects.count() == 1
    assert Membership.objects.filter(club=club).count() == 1


def test_someone_else_cannot_take_the_name(make_user):
    services.club_create(user=make_user("founder2"), name="Friday Snorers")
    with pytest.raises(ServiceError):
        services.club_create(user=make_user("latecomer"), name="Friday Snorers")


def test_the_founder_is_refused_the_name_again_later(make_user):
    founder = make_user("founder3")
    club = services.club_create(user=founder, name="Friday Snorers")
    Club.objects.filter(pk=club.pk).update(created_at=timezone.now() - timedelta(minutes=5))
    with pytest.raises(ServiceError):
        services.club_create(user=founder, name="Friday Snorers")
    with pytest.raises(ServiceError):  # a look-alike, not the same name, is not the same form
        services.club_create(user=founder, name="Friday Snоrers")
