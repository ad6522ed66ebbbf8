"""A ban, a suspension or a member leaving is told to his table sockets through the channel layer,
after the commit. With the layer down (Redis restarting) that word raised out of the commit's
callbacks: the manager's ban page, and the member's own "Leave the club", answered a server error
for a change already made, and the table's update after it was never sent (review 85). The change
stands, the failure is logged, and the sockets find it at their next heartbeat
(test_socket_beat_asks_again)."""

from __future__ import annotations

import pytest
from django.test import Client

from club import services as club_services
from club.models import Membership
from games import broadcast

from .conftest import sit_all

pytestmark = pytest.mark.django_db(transaction=True)


def _layer_down(*_args, **_kwargs):
    raise ConnectionError("the channel layer is restarting")


def test_a_ban_while_the_channel_layer_is_down_is_made(make_table, players, owner, club, monkeypatch):
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    membership = Membership.objects.get(club=club, user=vera)
    monkeypatch.setattr(broadcast, "layer_send", _layer_down)
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    answer = client.post(f"/clubs/{club.slug}/members/{membership.pk}/ban/", {"reason": "cheating"})
    assert answer.status_code in (200, 302)
    membership.refresh_from_db()
    assert membership.status == Membership.Status.BANNED


def test_leaving_the_club_while_the_channel_layer_is_down_is_made(make_table, players, club, monkeypatch):
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    monkeypatch.setattr(broadcast, "layer_send", _layer_down)
    club_services.membership_leave(club=club, user=vera)
    assert Membership.objects.get(club=club, user=vera).status != Membership.Status.ACTIVE
