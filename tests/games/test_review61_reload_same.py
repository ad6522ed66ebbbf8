"""Review 61 (held): a player on a bad network reloads, or his socket connects again, at any moment
of a deal. What the table's page shows then must be what its socket shows: the same hand (or none),
the same moves offered on the same position, the same log. Checked at every position of a Frap deal
(cards face down until looked at), for a player in the deal and for a seated player sitting it out
(away: the spectators' picture), leaving aside only what differs by design: the clock's remaining
milliseconds, the CSRF token of the page's plain forms, and the page's own "not connected" badge
(its socket is not open yet when the page is drawn)."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from games.engine import observe
from games.engine.bots import BasicBot
from games.models import Deal
from games.services import table_act, table_away
from games.services.dealing import deal_state

from .conftest import sit_all, start_deal
from .sockets import connect

# The in-memory channel layer (the fixture in conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]

_BY_DESIGN = re.compile(
    r'data-remaining="\d+"|style="[^"]*"|<span class="badge offline">[^<]*</span>'
    r'|<input type="hidden" name="csrfmiddlewaretoken" value="[^"]*">'
)


def _live(html: str) -> str:
    return _BY_DESIGN.sub("", html[html.index('id="table-live"') :])


def _socket_frame(user, session_id: int) -> str:
    async def scenario() -> str:
        socket = await connect(user, session_id)
        assert (await socket.connect(timeout=5))[0]
        # The table's picture on connecting, waited for as long as a busy machine needs (half a
        # second once found nothing, beside the other streams of the suite).
        first = await socket.receive_output(timeout=10)
        await socket.disconnect()
        assert first["type"] == "websocket.send", first
        return first.get("text") or ""

    return async_to_sync(scenario)()


def test_a_reload_shows_what_the_socket_shows_at_every_position(make_table, players):
    table = make_table(preset="frap")
    sit_all(table, players)
    table_away(session_id=table.pk, user=players[3])  # sits this deal out: watches it
    deal = start_deal(table)
    by_seat = dict(enumerate(players[:3]))
    checked = 0
    for _ in range(16):
        deal = Deal.objects.get(pk=deal.pk)
        for user in (players[0], players[3]):
            client = Client()
            client.force_login(user)
            page = client.get(f"/tables/{table.pk}/").content.decode()
            frame = _live(_socket_frame(user, table.pk))
            assert f'data-seq="{deal.seq}"' in frame
            assert frame.strip() in _live(page), (user.username, deal.seq)
            checked += 1
        if deal.is_over:
            break
        state = deal_state(deal)
        seat = state.queue[0]
        action = BasicBot(seed=deal.seq).choose(observe(state, seat))
        table_act(
            session_id=table.pk,
            user=by_seat[seat],
            action=action,
            expected_seq=deal.seq,
            expected_deal=deal.pk,
        )
    assert checked >= 8  # a deal of a few moves at the least
