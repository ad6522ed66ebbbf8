"""Gaps of the table sockets: a spectator is read-only, and what a full deal sends through the channel
layer (the messages themselves, before any rendering) never carries the deck, another seat's hand,
the stock, the discards or a seed that is still secret."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from asgiref.sync import async_to_sync

from club import services as club_services
from games import broadcast
from games.history import deal_steps
from games.models import Deal, DealAction, Seat, SeedContribution, TableSession
from games.services import dealing, table_act
from games.services.presence import presence_join

from .conftest import sit_all, start_deal
from .gaps_script import scripted_action, seat_users, use_deck
from .sockets import cards_allowed, cards_in, connect, error_of, frames, is_error, seq_of

_CARD = re.compile(r"^(10|[2-9JQKA])[SHDC]$")
_SECRET_KEYS = {"deck", "discards", "stock_cards", "next_seed", "state", "seed_bytes", "hands_dealt"}


def _strings_and_keys(value: Any, keys: set[str], strings: list[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            keys.add(str(key))
            _strings_and_keys(item, keys, strings)
    elif isinstance(value, list | tuple):
        for item in value:
            _strings_and_keys(item, keys, strings)
    elif isinstance(value, str):
        strings.append(value)


@pytest.mark.django_db(transaction=True)  # each service's commit sends its update, as in production
def test_the_layer_messages_of_a_full_deal_never_carry_a_hidden_card_or_the_seed(
    make_table, players, club, make_user, monkeypatch
):
    table = make_table()
    use_deck(monkeypatch, table=table)
    watcher = make_user("watcher")
    club_services.membership_join(club=club, user=watcher)
    sent: list[tuple[int, str, dict[str, Any]]] = []  # (deal seq when sent, group, message)

    def record(messages):
        for group, message in messages:
            seq = (message["public"].get("deal") or {}).get("seq")
            sent.append((seq, group, json.loads(json.dumps(message))))

    monkeypatch.setattr(broadcast, "layer_send", record)
    # Somebody watches (a socket counted open): the spectators' picture goes out too.
    presence_join(session_id=table.pk, user=watcher)
    sit_all(table, players)
    promised = TableSession.objects.get(pk=table.pk).next_seed
    deal = start_deal(table)
    assert deal.seed == promised  # the seed committed to before the deal is this deal's
    next_seed = TableSession.objects.get(pk=table.pk).next_seed  # the next deal's, drawn now: secret
    users = seat_users(deal)
    said: dict[int, int] = {}
    moves = 0
    while not Deal.objects.get(pk=deal.pk).is_over:
        deal.refresh_from_db()
        seat, action = scripted_action(deal, said)
        table_act(session_id=table.pk, user=users[seat], action=action, expected_seq=deal.seq)
        moves += 1
    deal.refresh_from_db()
    assert moves == DealAction.objects.filter(deal=deal).count() >= 15

    states = {step.seq: step.state for step in deal_steps(deal)}
    user_of_group = {broadcast.user_group(table.pk, u.pk): (s, u) for s, u in users.items()}
    watch = broadcast.watch_group(table.pk)
    final = states[deal.seq]
    hidden_somewhere = set(final.discards)
    assert hidden_somewhere, "the scripted deal discards cards"
    seqs_sent: set[int] = set()
    for seq, group, message in sent:
        if seq is None:
            continue
        seqs_sent.add(seq)
        text = json.dumps(message)
        keys: set[str] = set()
        strings: list[str] = []
        _strings_and_keys(message, keys, strings)
        assert not keys & _SECRET_KEYS, (group, keys & _SECRET_KEYS)
        assert next_seed not in text, "the secret seed of the deal to come went through the layer"
        if seq < deal.seq:
            assert deal.seed not in text, f"the seed travelled at seq {seq}, before the deal was over"
        view = message["view"]
        assert isinstance(view["stock"], int) and isinstance(view["discard_count"], int)
        if group == watch:
            assert message["type"] == "table.watch" and view["seat"] is None
            seat = None
        else:
            assert group in user_of_group, group
            seat = user_of_group[group][0]
            assert message["type"] == "table.view" and message["seat"] == view["seat"] == seat
        state = states[seq]
        shown = {s for s in strings if _CARD.match(s)}
        allowed = cards_allowed(state, seat)
        assert shown <= allowed, f"{group} got {sorted(shown - allowed)} at seq {seq}"
        if seat is None:
            assert view["hand"] is None
        else:
            assert view["hand"] == list(state.hands[seat])  # his own hand does travel, to him
            others = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
            assert not (others - allowed) & shown
    assert seqs_sent == set(range(deal.seq + 1)), "an update was sent for every move"
    groups = {group for _seq, group, _m in sent}
    assert groups == {watch, *user_of_group}
    # At the end the seed is public, and the next deal's commitment (not its seed) is pending.
    last = [m for seq, group, m in sent if seq == deal.seq and group == watch][-1]
    assert last["public"]["deal"]["seed"] == deal.seed
    assert last["public"]["pending"]["commitment"] == TableSession.objects.get(pk=table.pk).next_commitment


@pytest.mark.django_db(transaction=True)
def test_a_spectator_socket_cannot_move_sit_in_for_anyone_or_contribute(
    make_table, players, club, make_user, monkeypatch
):
    table = make_table()
    use_deck(monkeypatch, table=table)
    sit_all(table, players)
    deal = start_deal(table)
    watcher = make_user("watcher")
    club_services.membership_join(club=club, user=watcher)
    acting = dealing.deal_state(deal).queue[0]
    actor = dealing.deal_players(deal)[acting].member.user
    attempts = [
        ({"do": "pass", "seq": 0, "deal": deal.pk}, "not_seated"),
        ({"do": "snore", "seq": 0, "deal": deal.pk}, "not_seated"),
        ({"do": "away"}, "not_seated"),
        ({"do": "back"}, "not_seated"),
        ({"do": "leave"}, "not_seated"),
        ({"do": "contribute", "value": "my own luck"}, "not_seated"),
        ({"do": "standup", "position": 1, "reason": "go"}, "not_manager"),
        ({"do": "bot", "position": 1, "buy_in": 200}, "not_manager"),
        ({"do": "unbot", "position": 1}, "not_manager"),
    ]
    seats_before = sorted(Seat.objects.filter(session=table).values_list("position", "status", "away_deals"))

    async def scenario() -> tuple[list[tuple[dict, list[str]]], list[str], list[str]]:
        spectator = await connect(watcher, table.pk)
        assert (await spectator.connect(timeout=5))[0]
        first = await frames(spectator)
        assert first and 'id="table-live"' in first[-1]
        assert "You are watching." in first[-1] and 'id="away-button"' not in first[-1]
        player = await connect(actor, table.pk)
        assert (await player.connect(timeout=5))[0]
        before = await frames(player, timeout=1.0)
        await frames(spectator, timeout=1.0)  # the player's arrival (presence): quiet again
        answers = []
        for message, _code in attempts:
            await spectator.send_json_to(message)
            answers.append((message, await frames(spectator, timeout=10)))
        player_got = await frames(player)
        await spectator.disconnect()
        await player.disconnect()
        return answers, before, player_got

    answers, before, player_got = async_to_sync(scenario)()
    for (message, code), (_sent, got) in zip(attempts, answers, strict=True):
        assert len(got) == 1 and is_error(got[0]), (message, got)
        assert error_of(got[0])["error"] == code, (message, error_of(got[0]))
    # The player's picture is the same (a presence refresh may come; it shows nothing new).
    assert before and seq_of(before[-1]) == 0
    for frame in player_got:
        assert not is_error(frame) and seq_of(frame) == 0
        assert cards_in(frame) == cards_in(before[-1])
        assert frame.count("ws-send") == before[-1].count("ws-send")
    deal.refresh_from_db()
    assert deal.seq == 0 and not DealAction.objects.filter(deal=deal).exists()
    assert sorted(Seat.objects.filter(session=table).values_list("position", "status", "away_deals")) == (
        seats_before
    )
    assert not SeedContribution.objects.filter(session=table).exists()
    assert not Seat.objects.filter(session=table, member__user=watcher).exists()
