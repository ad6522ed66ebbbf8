"""The table socket: four clients play a deal to the end, bad messages are refused, strangers and
banned members stay out, a reconnect restores the view, and no frame shows a card it shouldn't."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import channel_layers
from django.conf import settings
from django.test import override_settings

from club import services as club_services
from club.models import Membership
from games.engine import observe
from games.engine.bots import BasicBot
from games.history import deal_steps
from games.models import Deal, DealAction
from games.services import dealing

from .conftest import sit_all, start_deal
from .sockets import cards_allowed, cards_in, connect, error_of, frames, is_error, refused, seq_of

pytestmark = pytest.mark.django_db(transaction=True)

LAYERS = {
    "memory": {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}},
    "redis": settings.CHANNEL_LAYERS if settings.REDIS_URL else None,
}


@pytest.fixture(params=["memory", "redis"])
def layer(request):
    if LAYERS[request.param] is None:
        pytest.skip("needs REDIS_URL (CI sets it) for the Redis channel layer")
    with override_settings(CHANNEL_LAYERS=LAYERS[request.param]):
        channel_layers.backends = {}
        yield request.param
    channel_layers.backends = {}


def _state_at(deal: Deal, seq: int):
    """The deal rebuilt from its start and its log, up to action ``seq``."""
    return [step.state for step in deal_steps(deal) if step.seq <= seq][-1]


def _move_for(deal_id: int) -> tuple[int, dict[str, Any], int]:
    deal = Deal.objects.get(pk=deal_id)
    state = dealing.deal_state(deal)
    seat = state.queue[0]
    action = BasicBot(seed=deal.seq).choose(observe(state, seat))
    return seat, {**action.to_json(), "seq": deal.seq, "deal": deal.pk}, deal.seq


def _check_frames(deal: Deal, seat: int | None, received: list[str]) -> None:
    for frame in received:
        if is_error(frame):
            continue
        seq = seq_of(frame)
        assert seq is not None, frame[:200]
        allowed = cards_allowed(_state_at(deal, seq), seat)
        shown = cards_in(frame)
        assert shown <= allowed, f"seat {seat} saw {sorted(shown - allowed)} at seq {seq}"


def test_four_clients_play_a_deal_and_no_frame_shows_a_hidden_card(
    layer, make_table, players, make_user, club
):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    watcher = make_user("watcher")
    club_services.membership_join(club=club, user=watcher)
    seat_of_user = {
        Deal.objects.get(pk=deal.pk).players.index(s.pk): s.member.user for s in dealing.deal_players(deal)
    }

    async def scenario() -> dict[Any, list[str]]:
        sockets = {}
        received: dict[Any, list[str]] = {}
        for seat, user in seat_of_user.items():
            sockets[seat] = await connect(user, table.pk)
            assert (await sockets[seat].connect(timeout=5))[0]
        sockets[None] = await connect(watcher, table.pk)
        assert (await sockets[None].connect(timeout=5))[0]
        for key, socket in sockets.items():
            received[key] = await frames(socket)
            assert received[key] and 'id="table-live"' in received[key][-1]
        for _ in range(200):
            finished = await sync_to_async(lambda: Deal.objects.get(pk=deal.pk).is_over)()
            if finished:
                break
            seat, message, seq = await sync_to_async(_move_for)(deal.pk)
            await sockets[seat].send_json_to(message)
            for key, socket in sockets.items():
                got = await frames(socket, timeout=2 if key == seat else 0.5)
                # A presence frame may come first and the move's a moment later on a busy machine:
                # wait for it (up to a few seconds) rather than for a fixed window.
                for _wait in range(10):
                    if any((seq_of(f) or 0) >= seq + 1 for f in got):
                        break
                    got += await frames(socket, timeout=0.5)
                assert not [f for f in got if is_error(f)], [error_of(f) for f in got if is_error(f)]
                assert any((seq_of(f) or 0) >= seq + 1 for f in got), f"{key} missed the update to {seq + 1}"
                received[key] += got
        for socket in sockets.values():
            await socket.disconnect()
        return received

    received = async_to_sync(scenario)()
    deal.refresh_from_db()
    assert deal.is_over
    for seat, got in received.items():
        _check_frames(deal, seat, got)
    final = received[None][-1]
    assert deal.seed in final  # the seed is revealed to everyone when the deal is over


def test_bad_messages_get_an_error_frame_and_change_nothing(layer, make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    state = dealing.deal_state(deal)
    to_act = state.queue[0]
    actor = dealing.deal_players(deal)[to_act].member.user
    other = dealing.deal_players(deal)[(to_act + 1) % 4].member.user
    bad: list[tuple[Any, str]] = [
        ("not json", "not_json"),
        ('{"do": "snore", "seq": ' + "9" * 40 + "}", "bad_number"),
        ("[" * 50 + "]" * 50, "too_deep"),
        ('{"do": "snore", "seq": NaN}', "bad_number"),
        ('["do", "pass"]', "bad_message"),
        ('{"do": "fly", "seq": 0}', "bad_message"),
        ('{"do": "pass"}', "bad_message"),
        ('{"do": "pass", "seq": 0, "evil": 1}', "bad_message"),
        ('{"do": "play", "card": "ZZ", "seq": 0}', "bad_message"),
        ('{"do": "pass", "seq": 7, "deal": DEAL}', "stale"),
        ('{"do": "pass", "seq": 0, "deal": 999999}', "stale"),
        ('{"do": "pass", "seq": 0}', "bad_message"),
        ('{"do": "pass", "seq": -1}', "bad_message"),
        ('{"do": "pass", "seq": 1.5}', "bad_message"),
        ('{"do": "pass", "seq": true}', "bad_message"),
        ('{"do": "pass\\u0000", "seq": 0}', "bad_text"),
        ('{"do": "sit", "position": "１", "buy_in": 100}', "bad_message"),
        ('{"do": "play", "card": "AS", "seq": 0, "deal": DEAL}', "illegal_action"),
        (b"\x00\x01binary", "binary_frame"),
    ]

    async def scenario() -> None:
        socket = await connect(actor, table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        for payload, code in bad:
            if isinstance(payload, bytes):
                await socket.send_to(bytes_data=payload)
            else:
                await socket.send_to(text_data=payload.replace("DEAL", str(deal.pk)))
            # Each payload is answered (a stale move after a database read): waited for as long as a
            # busy machine takes, half a second read nothing once.
            got = await frames(socket, timeout=10)
            assert len(got) == 1 and is_error(got[0]), (payload[:40], got)
            assert error_of(got[0])["error"] == code, (payload[:40], error_of(got[0]))
            assert error_of(got[0])["message"]
        # A frame beyond the size limit is refused and the socket closed (4009, the site's own code).
        await socket.send_to(text_data="x" * 70_000)
        got = await socket.receive_from(timeout=5)
        assert error_of(got)["error"] == "too_large"
        assert (await socket.receive_output(timeout=5))["code"] == 4009
        # Out of turn: another player's pass.
        stranger = await connect(other, table.pk)
        assert (await stranger.connect(timeout=5))[0]
        await frames(stranger)
        await stranger.send_json_to({"do": "pass", "seq": 0, "deal": deal.pk})
        got = await frames(stranger, timeout=10)
        assert error_of(got[-1])["error"] == "not_your_turn"
        await stranger.disconnect()

    async_to_sync(scenario)()
    deal.refresh_from_db()
    assert deal.seq == 0
    assert DealAction.objects.filter(deal=deal).count() == 0


def test_error_frames_speak_the_players_language(layer, make_table, players):
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    user = players[0]
    user.preferred_language = "ru"
    user.save()

    async def scenario() -> str:
        socket = await connect(user, table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        await socket.send_json_to({"do": "pass", "seq": 99, "deal": 1})
        got: list[str] = []
        for _ in range(10):  # its refusal, however long a busy machine takes; a table update may come too
            got += await frames(socket, timeout=10)
            if any(is_error(frame) for frame in got):
                break
        await socket.disconnect()
        return error_of([frame for frame in got if is_error(frame)][-1])["message"]

    message = async_to_sync(scenario)()
    assert any("а" <= ch <= "я" for ch in message.lower()), message


def test_strangers_and_banned_members_are_refused_at_connect(
    layer, make_table, players, make_user, make_club, owner, club
):
    table = make_table()
    sit_all(table, players)
    other_owner = make_user("elsewhere")
    make_club(other_owner, "Another Club")
    banned = players[3]
    club_services.membership_ban(
        membership=Membership.objects.get(club=club, user=banned), actor=owner, reason="cheating"
    )

    async def scenario() -> list[tuple[str | None, int | None]]:
        return [await refused(await connect(user, table.pk)) for user in (other_owner, banned)]

    assert async_to_sync(scenario)() == [("not_found", 4403), ("banned_for", 4403)]


def test_a_ban_takes_effect_on_the_next_message(layer, make_table, players, owner, club):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    to_act = dealing.deal_state(deal).queue[0]
    user = dealing.deal_players(deal)[to_act].member.user

    async def scenario() -> dict[str, Any]:
        socket = await connect(user, table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        await sync_to_async(club_services.membership_ban)(
            membership=await sync_to_async(Membership.objects.get)(club=club, user=user), actor=owner
        )
        await socket.send_json_to({"do": "pass", "seq": 0, "deal": deal.pk})
        got: list[str] = []
        for _ in range(10):  # until the refusal comes, however long a busy machine takes
            got += await frames(socket, timeout=10)
            if any(is_error(frame) for frame in got):
                break
        await socket.disconnect()
        # The table's update for the ban (his seat now played by default moves) may come after the
        # refusal: the refusal is the last error frame, not the last frame.
        return error_of([frame for frame in got if is_error(frame)][-1])

    assert async_to_sync(scenario)()["error"] == "banned_for"
    deal.refresh_from_db()
    assert deal.seq == 0


def test_reconnect_mid_deal_restores_the_same_view(layer, make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)

    async def scenario() -> tuple[str, str]:
        seat, message, _seq = await sync_to_async(_move_for)(deal.pk)
        user = await sync_to_async(lambda: dealing.deal_players(deal)[seat].member.user)()
        socket = await connect(user, table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        await socket.send_json_to(message)
        before = (await frames(socket, timeout=2))[-1]
        await socket.disconnect()
        again = await connect(user, table.pk)
        assert (await again.connect(timeout=5))[0]
        after = (await frames(again))[0]
        await again.disconnect()
        return before, after

    before, after = async_to_sync(scenario)()
    assert seq_of(before) == seq_of(after) == 1
    # The same cards and the same choices (presence may differ: he was gone for a moment).
    assert cards_in(before) == cards_in(after)
    assert before.count("ws-send") == after.count("ws-send")


def test_a_socket_flood_is_rate_limited(layer, make_table, players, monkeypatch):
    from games.consumers import TableConsumer

    # The bucket must not refill while a busy machine works through the flood.
    monkeypatch.setattr(TableConsumer, "rate_per_second", 0.001)
    table = make_table()
    sit_all(table, players)
    start_deal(table)

    async def scenario() -> tuple[list[str], int | None]:
        socket = await connect(players[0], table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        for _ in range(60):
            await socket.send_json_to({"do": "sync"})
        got: list[str] = []
        closed = None
        limited = False
        # Until the refusal comes, each answer is awaited as long as a busy machine takes to render a
        # table (half a second, here before, ended the read early, with only pictures read); after
        # it, what is left is drained.
        while True:
            if limited and await socket.receive_nothing(timeout=0.5):
                break
            output = await socket.receive_output(timeout=10)
            if output["type"] == "websocket.close":
                closed = output.get("code")
                break
            text = output.get("text", "")
            got.append(text)
            limited = limited or (is_error(text) and error_of(text)["error"] == "rate_limited")
        return got, closed

    got, closed = async_to_sync(scenario)()
    assert any(is_error(f) and error_of(f)["error"] == "rate_limited" for f in got)
    assert closed in (None, 4429)  # a client that keeps flooding is closed
