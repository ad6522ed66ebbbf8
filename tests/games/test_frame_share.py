"""``{% shared %}``: the parts of a frame alike for every reader of one update are rendered once per
process, and a reader's frame is still exactly the one rendered for him alone: his cards, nobody
else's, and never a part of an older update."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.template.loader import render_to_string
from django.utils import timezone, translation

from games.broadcast import table_messages, user_group
from games.models import Deal
from games.presenter import table_context
from games.services import dealing, tables_tick
from games.services.presence import presence_join
from games.templatetags import frame_share

from .conftest import play_deal_as_people, sit_all, start_deal
from .sockets import cards_allowed, cards_in

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_parts():
    frame_share.shared_parts_clear()
    yield
    frame_share.shared_parts_clear()


def _frame(message, user_id, *, shared: bool, language="en", can_manage=False, now=None) -> str:
    with translation.override(language):
        context = table_context(
            view=message["view"],
            public=message["public"],
            user_id=user_id,
            now=now or timezone.now(),
            can_manage=can_manage,
            share=message["update"] if shared else None,
        )
        return render_to_string("games/table.html#live", context)


def _readers(table, players, messages):
    """(user id or None for a spectator, message) of every reader of one update."""
    groups = {user_group(table.pk, u.pk): u.pk for u in players}
    return [(groups.get(group), message) for group, message in messages]


def _update(table, players, watcher=None):
    for user in [*players, *([watcher] if watcher else [])]:
        presence_join(session_id=table.pk, user=user)
    return table_messages(table.pk)


def test_every_readers_shared_frame_is_the_frame_rendered_for_him_alone(make_table, players, make_user, club):
    from club import services as club_services

    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    watcher = make_user("share-watcher")
    club_services.membership_join(club=club, user=watcher)
    messages = _update(table, players, watcher)
    assert len({m["update"] for _g, m in messages}) == 1 and len(messages) == 5
    now = timezone.now()
    readers = _readers(table, players, messages)
    # Readers in two languages and with two rights, in both orders: whoever renders a part first,
    # every frame is his own.
    for order in (readers, readers[::-1]):
        for language in ("en", "ru"):
            for can_manage in (False, True):
                for user_id, message in order:
                    alone = _frame(
                        message, user_id, shared=False, language=language, can_manage=can_manage, now=now
                    )
                    shared = _frame(
                        message, user_id, shared=True, language=language, can_manage=can_manage, now=now
                    )
                    assert shared == alone
    assert frame_share._PARTS  # the parts were shared indeed
    state = dealing.deal_state(Deal.objects.get(pk=deal.pk))
    for user_id, message in readers:
        seat = message["view"]["seat"]
        assert (seat is None) == (user_id is None)
        assert cards_in(_frame(message, user_id, shared=True)) <= cards_allowed(state, seat)


def test_through_a_whole_deal_every_frame_is_the_readers_own_and_shows_no_card_of_another_seat(
    make_table, players
):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    for user in players:
        presence_join(session_id=table.pk, user=user)
    checked = []

    def check() -> None:
        fresh = Deal.objects.get(pk=deal.pk)
        state = dealing.deal_state(fresh)
        readers = _readers(table, players, table_messages(table.pk))
        if fresh.seq % 2:
            readers.reverse()
        now = timezone.now()
        # The first reader fills the parts, the others take them; parts by content (seats) are
        # taken from earlier updates too, and must still be exactly this update's.
        for user_id, message in readers:
            shared = _frame(message, user_id, shared=True, now=now)
            assert shared == _frame(message, user_id, shared=False, now=now)
            shown = cards_in(shared)
            allowed = cards_allowed(state, message["view"]["seat"])
            assert shown <= allowed, f"seat {message['view']['seat']} saw {sorted(shown - allowed)}"
        checked.append(fresh.seq)

    # A random deal can be short (all pass, a lone snorer settles at once): play deals until enough
    # updates were seen; the next deal starts once the table's pause between deals is over.
    for _ in range(20):
        play_deal_as_people(deal, players, after_each=check)
        if len(checked) > 10:
            break
        tables_tick(timezone.now() + timedelta(minutes=1))
        deal = Deal.objects.filter(session=table, finished_at__isnull=True).get()
    assert len(checked) > 10


def test_a_new_update_never_gets_the_parts_of_an_older_one(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    before = _readers(table, players, _update(table, players))
    now = timezone.now()
    old = {user_id: _frame(message, user_id, shared=True, now=now) for user_id, message in before}
    play_deal_as_people(deal, players, max_actions=10_000)  # the deal ends: stacks, log, settlement change
    after = _readers(table, players, table_messages(table.pk))
    for user_id, message in after:
        shared = _frame(message, user_id, shared=True, now=now)
        assert shared == _frame(message, user_id, shared=False, now=now)
        assert shared != old[user_id]


def test_each_reader_gets_the_turn_clock_of_his_own_render(make_table, players):
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    readers = _readers(table, players, _update(table, players))
    now = timezone.now()
    deadline = readers[0][1]["public"]["deal"]["deadline"]
    assert deadline is not None
    early = _frame(readers[0][1], readers[0][0], shared=True, now=now)
    late = _frame(readers[1][1], readers[1][0], shared=True, now=now + timedelta(seconds=3))
    remaining = [int(f.split('data-remaining="', 1)[1].split('"', 1)[0]) for f in (early, late)]
    assert remaining[0] - remaining[1] == 3000
    assert "\x00" not in early + late


@pytest.mark.parametrize(
    "change",
    [
        lambda m: m["view"]["stacks"].__setitem__(0, m["view"]["stacks"][0] + 7),
        lambda m: m["view"]["holds"].__setitem__(1, 3),
        lambda m: (m["view"].__setitem__("phase", "play"), m["view"]["tricks"].__setitem__(2, 1)),
        lambda m: m["view"]["hand_counts"].__setitem__(3, 1),
        lambda m: m["view"]["statuses"].__setitem__(0, "snore"),
        lambda m: m["view"].__setitem__("dealer", (m["view"]["dealer"] + 1) % 4),
        lambda m: m["public"]["seats"][1].__setitem__("name", "Somebody Else"),
        lambda m: m["public"]["seats"][2].__setitem__("connected", not m["public"]["seats"][2]["connected"]),
        lambda m: m["public"]["seats"][3].__setitem__("status", "away"),
        lambda m: m["public"]["seats"][0].__setitem__("leaving", True),
        lambda m: m["public"]["session"].__setitem__("turn_seconds", 99),
        lambda m: m["public"]["deal"].__setitem__("deadline", None),
    ],
)
def test_a_seat_shared_across_updates_shows_every_change_of_its_facts(make_table, players, change):
    import copy

    table = make_table()
    sit_all(table, players)
    start_deal(table)
    readers = _readers(table, players, _update(table, players))
    now = timezone.now()
    for user_id, message in readers:
        _frame(message, user_id, shared=True, now=now)
    seen_by = 0
    for user_id, message in readers:
        changed = copy.deepcopy(message)
        change(changed)
        changed["update"] = "a later update"
        shared = _frame(changed, user_id, shared=True, now=now)
        assert shared == _frame(changed, user_id, shared=False, now=now)
        seen_by += shared != _frame(message, user_id, shared=True, now=now)
    assert seen_by  # the change shows (a seat's own card count, say, is not drawn for him)
