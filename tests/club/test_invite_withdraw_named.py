"""A manager's list of invite links read "Withdraw, Withdraw, Withdraw" to a screen reader, with
nothing to say which link each button withdraws (review 74's note): each names its link by its end."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from club import services
from club.models import Invite

from .conftest import client_for

pytestmark = pytest.mark.django_db


def test_each_withdraw_button_names_its_link(club, owner):
    services.invite_create(club=club, actor=owner, days_valid=3)
    services.invite_create(club=club, actor=owner, days_valid=9)
    assert Invite.objects.filter(club=club).count() == 2
    page = client_for(owner).get(reverse("club_detail", args=[club.slug])).content.decode()
    names = re.findall(r"Withdraw<span class=\"visually-hidden\"> ([^<]+)</span></button>", page)
    assert len(names) == 2 and len(set(names)) == 2, names
    assert all(name.startswith("the invite link valid until") for name in names)
