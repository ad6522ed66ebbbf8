"""Review 131, the table socket seen from outside: a player whose turn it is sends crafted frames
during a live deal (another seat's cards, moves of another seat's kind, look-alike letters, wrong
types, negative, huge and fullwidth numbers, a lone surrogate, a field named twice, a deal id of
another club's live table), and a member of one club knocks on another club's table.

Each frame is answered once, on this socket only, without naming a card the player may not see;
nothing changes at either table, and the socket still answers. Checked for review 131: no fault."""

from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.models import DealAction, Seat, SeedContribution
from games.services import dealing
from ledger.services import chips_grant

from .conftest import sit_all, start_deal
from .gaps_script import use_deck
from .sockets import cards_allowed, connect, error_of, frames, is_error, refused, seq_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def other_live_deal(make_user, make_club):
    """A live deal at a table of another club, whose players are nobody of the first club."""
    from games.services import table_session_create

    boss = make_user("r131boss", display_name="Boss")
    other = make_club(boss, "R131 Other Club")
    people = []
    for name in ("r131a", "r131b", "r131c", "r131d"):
        user = make_user(name, display_name=name.capitalize())
        club_services.membership_join(club=other, user=user)
        chips_grant(
            membership=Membership.objects.get(club=other, user=user), amount=1000, actor=boss, reason="start"
        )
        people.append(user)
    table = table_session_create(
        club=other,
        actor=boss,
        title="Theirs",
        preset="classic",
        seat_count=4,
        stake=5,
        buy_in_min=100,
        buy_in_max=500,
        turn_seconds=600,
    )
    sit_all(table, people)
    return start_deal(table)


def test_crafted_frames_of_the_player_to_act_change_nothing_and_name_no_hidden_card(
    make_table, players, monkeypatch, other_live_deal
):
    table = make_table(turn_seconds=600)
    use_deck(monkeypatch, table=table)
    sit_all(table, players)
    deal = start_deal(table)
    state = dealing.deal_state(deal)
    seat = state.queue[0]
    user = dealing.deal_players(deal)[seat].member.user
    others = [card for s, hand in enumerate(state.hands) if s != seat for card in hand]
    neighbour = list(state.hands[(seat + 1) % 4])
    d = deal.pk
    crafted: list[tuple[object, str]] = [
        ({"do": "play", "seq": 0, "deal": d, "card": neighbour[0]}, "illegal_action"),
        ({"do": "exchange", "seq": 0, "deal": d, "cards": neighbour[:2]}, "illegal_action"),
        ({"do": "discard", "seq": 0, "deal": d, "cards": [neighbour[0]]}, "illegal_action"),
        ({"do": "snore", "seq": -1, "deal": d}, "bad_message"),
        ({"do": "snore", "seq": True, "deal": d}, "bad_message"),
        ({"do": "snore", "seq": 0.0, "deal": d}, "bad_message"),
        ({"do": "snore", "seq": "0", "deal": "１"}, "bad_message"),  # a fullwidth digit
        ({"do": "ѕnore", "seq": 0, "deal": d}, "bad_message"),  # a Cyrillic "ѕ"
        ({"do": ["snore"], "seq": 0, "deal": d}, "bad_message"),
        ({"do": "snore", "seq": 0, "deal": 2**40}, "stale"),
        # The live deal of another club's table, named from this table's socket.
        ({"do": "snore", "seq": 0, "deal": other_live_deal.pk}, "stale"),
        ({"do": "sit", "position": "3", "buy_in": "-5"}, "bad_message"),
        ('{"do":"snore","seq":0,"deal":' + str(d) + ',"\\ud800":1}', "bad_unicode"),
        ('{"do":"snore","seq":0,"deal":' + str(d) + ',"seq":1}', "duplicate_key"),
    ]

    async def scenario() -> tuple[list[list[str]], list[str]]:
        socket = await connect(user, table.pk)
        assert (await socket.connect(timeout=5))[0]
        assert await frames(socket)
        answers = []
        for message, _code in crafted:
            if isinstance(message, str):
                await socket.send_to(text_data=message)
            else:
                await socket.send_json_to(message)
            answers.append(await frames(socket, timeout=3))
            await asyncio.sleep(0.15)  # under the socket's rate: each frame is read, none refused for haste
        await socket.send_json_to({"do": "sync"})
        last = await frames(socket, timeout=5)
        await socket.disconnect()
        return answers, last

    answers, last = async_to_sync(scenario)()
    hidden = set(others) - cards_allowed(state, seat)
    for (message, code), got in zip(crafted, answers, strict=True):
        assert len(got) == 1 and is_error(got[0]), (message, got)
        said = error_of(got[0])
        assert said["error"] == code, (message, said)
        assert not {card for card in hidden if card in json.dumps(said, ensure_ascii=False)}, (message, said)
    assert last and not is_error(last[-1]) and seq_of(last[-1]) == 0
    deal.refresh_from_db()
    other_live_deal.refresh_from_db()
    assert deal.seq == 0 and other_live_deal.seq == 0
    assert not DealAction.objects.exists()
    assert not SeedContribution.objects.exists()


def test_a_member_of_one_club_is_told_not_found_by_another_clubs_live_table(players, other_live_deal):
    """His socket for their table is refused as a table that is not there (no name, no card), and
    nothing he sends reaches it."""

    async def scenario() -> tuple[str | None, int | None]:
        socket = await connect(players[0], other_live_deal.session_id)
        return await refused(socket)

    assert async_to_sync(scenario)() == ("not_found", 4403)
    other_live_deal.refresh_from_db()
    assert other_live_deal.seq == 0
    assert not Seat.objects.filter(session_id=other_live_deal.session_id, member__user=players[0]).exists()
