"""Review 104's "No other club to join right now." was said to a member of a club, whose clubs the
list to join leaves out; it leaves out the clubs he is banned from as well, so one banned from the
only open club (and in no other) read "No open clubs right now." while that club stood open to
everyone else. He is told there is no other club to join too; someone in no club still reads that
none is open."""

from __future__ import annotations

import pytest

from club import services
from club.models import Club

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def test_one_banned_from_the_only_open_club_is_not_told_none_is_open(club, owner, member):
    assert list(Club.objects.values_list("join_policy", flat=True)) == [Club.JoinPolicy.OPEN]
    services.membership_ban(membership=m(club, member), actor=owner, reason="cheating")
    page = client_for(member).get("/").content.decode()
    assert "No open clubs right now." not in page
    assert "No other club to join right now." in page


def test_one_who_left_the_only_open_club_sees_it_to_join(club, member):
    services.membership_leave(club=club, user=member)
    page = client_for(member).get("/").content.decode()
    assert "No other club to join right now." not in page
    assert club.get_absolute_url() in page
