"""``games.live_frame`` draws the table's live frame byte for byte as the template it replaced did
(``tests/games/reference/live_frame.html``), for frames of real deals: every phase, every reader
(seated, spectator, manager), each preset and language, bots, away and leaving players, the clock,
the page's CSRF token and a replay's frame."""

from __future__ import annotations

import difflib
import itertools
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.template import engines
from django.utils import timezone, translation

from club import services as club_services
from games.broadcast import table_messages, user_group
from games.engine import PRESETS
from games.live_frame import csrf_input, live_frame_html
from games.models import Deal
from games.presenter import table_context
from games.services import dealing, table_away, table_bot_add, tables_tick
from games.services.presence import presence_join

from .conftest import play_deal_as_people, sit_all, start_deal
from .sockets import cards_allowed, cards_in

pytestmark = pytest.mark.django_db

REFERENCE = engines["django"].from_string(
    (Path(__file__).parent / "reference" / "live_frame.html").read_text(encoding="utf-8")
)
LANGUAGES = ("en", "ru", "bg")
#: A page's token, with a character the template escaped.
TOKEN = "tok&en"


def _both(
    message: dict[str, Any],
    user_id: int | None,
    *,
    language: str,
    can_manage: bool = False,
    replay: bool = False,
    token: str | None = None,
) -> tuple[str, str]:
    now = timezone.now()
    with translation.override(language):
        context = table_context(
            view=message["view"],
            public=message["public"],
            user_id=user_id,
            now=now,
            can_manage=can_manage,
            # A manager's frame: the owner's, who may stand up every other member.
            stands_up=("member", "manager") if can_manage else (),
        )
        extra: dict[str, Any] = {"replay": replay}
        if token is not None:
            extra["csrf_token"] = token
        reference = REFERENCE.render({**context, **extra})
        drawn = live_frame_html(context, csrf=csrf_input(token), replay=replay)
    return reference, drawn


def _same(reference: str, drawn: str) -> None:
    if reference != drawn:
        diff = "\n".join(
            itertools.islice(
                difflib.unified_diff(
                    reference.splitlines(), drawn.splitlines(), "template", "python", lineterm=""
                ),
                60,
            )
        )
        raise AssertionError(f"the frames differ:\n{diff}")


class _Readers:
    """Renders every reader's frame of every update both ways, cycling languages and rights."""

    def __init__(self, table: Any, players: list[Any], watcher: Any) -> None:
        self.table = table
        self.groups = {user_group(table.pk, u.pk): u.pk for u in players}
        self.watcher = watcher
        self.turn = itertools.count()
        self.compared = 0

    def check(self) -> None:
        deal = Deal.objects.filter(session=self.table).order_by("-pk").first()
        state = dealing.deal_state(deal) if deal is not None else None
        for group, message in table_messages(self.table.pk):
            user_id = self.groups.get(group, self.watcher.pk)
            n = next(self.turn)
            reference, drawn = _both(
                message,
                user_id,
                language=LANGUAGES[n % 3],
                can_manage=n % 2 == 0,
                replay=n % 5 == 4,
                token=TOKEN if n % 4 == 1 else None,
            )
            _same(reference, drawn)
            if state is not None and message.get("view") is not None:
                seat = message["view"]["seat"]
                # A trump card turned face up in an earlier round of the bidding, and taken into a hand
                # since, was on the table for all to see (``cards_allowed`` knows only the last one).
                shown = {
                    e["card"]
                    for e in (message["public"]["deal"] or {}).get("log", ())
                    if e.get("type") == "TrumpTurned"
                }
                assert cards_in(drawn) <= cards_allowed(state, seat) | shown, f"seat {seat} saw cards not his"
            self.compared += 1


@pytest.fixture
def watcher(make_user, club):
    user = make_user("frame-watcher")
    club_services.membership_join(club=club, user=user)
    return user


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_frame_of_a_deal_is_drawn_as_the_template_drew_it(make_table, players, watcher, preset):
    table = make_table(preset=preset)
    for user in [*players, watcher]:
        presence_join(session_id=table.pk, user=user)
    readers = _Readers(table, players, watcher)
    readers.check()  # nobody seated: every seat free
    sit_all(table, players)
    readers.check()
    deal = start_deal(table)
    readers.check()
    # Two deals: the second starts after a settlement, with a seed revealed and a log of the first.
    for _ in range(2):
        deal = play_deal_as_people(deal, players, after_each=readers.check)
        readers.check()
        tables_tick(timezone.now() + timedelta(minutes=1))
        deal = Deal.objects.filter(session=table, finished_at__isnull=True).get()
        readers.check()
    assert readers.compared > 40


def test_bots_away_players_and_free_seats_are_drawn_as_the_template_drew_them(
    make_table, players, watcher, owner
):
    table = make_table(seats=5, buy_in_min=200, buy_in_max=200)
    for user in [*players[:3], watcher]:
        presence_join(session_id=table.pk, user=user)
    sit_all(table, players[:3])
    table_bot_add(session_id=table.pk, actor=owner, position=4, buy_in=200)
    deal = start_deal(table)
    table_away(session_id=table.pk, user=players[1])
    readers = _Readers(table, players, watcher)
    readers.check()
    for _group, message in table_messages(table.pk):
        # The table's manager looking on, in each language: bot, stand-up and sit forms.
        for language in LANGUAGES:
            _same(*_both(message, owner.pk, language=language, can_manage=True, token=TOKEN))
    del deal
    assert readers.compared


def test_the_comparison_fails_on_a_difference(make_table, players):
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    message = table_messages(table.pk)[0][1]
    reference, drawn = _both(message, players[0].pk, language="en")
    _same(reference, drawn)
    with pytest.raises(AssertionError, match="the frames differ"):
        _same(reference, drawn.replace('class="seat', 'class="place', 1))


def _plays_with_jokers(m: dict[str, Any]) -> None:
    hand = m["view"]["hand"]
    m["view"]["legal_actions"] = [
        {"do": "play", "card": hand[0]},
        {"do": "play", "card": hand[0], "as": "joker"},
        {"do": "play", "card": hand[1], "as": "seven"},
    ]
    m["view"]["need"] = "play"
    m["view"]["to_act"] = m["view"]["seat"]


def _discard(m: dict[str, Any]) -> None:
    hand = m["view"]["hand"]
    m["view"]["legal_actions"] = [{"do": "discard", "cards": hand[:2]}, {"do": "discard", "cards": hand[1:3]}]


def _exchange_from(m: dict[str, Any]) -> None:
    hand = m["view"]["hand"]
    m["view"]["legal_actions"] = [
        {"do": "exchange", "cards": hand[:1], "from": ["top"]},
        {"do": "exchange", "cards": hand[:3], "from": ["top", "bottom", "top"]},
    ]


def _odd_bids(m: dict[str, Any]) -> None:
    m["view"]["legal_actions"] = [
        {"do": "five", "take_trump": True},
        {"do": "wrap_swap", "position": 0},
        {"do": "look"},
        {"do": "pass"},
        {"do": "name_trump", "suit": "H"},
        {"do": "name_trump", "suit": "S"},
    ]


def _bids_out_of_reach(m: dict[str, Any]) -> None:
    m["view"]["out_of_reach"] = [{"do": "snore", "cost": 40}, {"do": "wrap_swap", "cost": 1}]


def _everyone_away_leaving_waiting(m: dict[str, Any]) -> None:
    for seat in m["public"]["seats"]:
        seat.update(status="away", leaving=True, waiting=True, connected=False)


def _left_by_the_idle_sweep(m: dict[str, Any]) -> None:
    for seat in m["public"]["seats"]:
        seat.update(status="away", leaving=True, idle_leave=True, connected=False)


def _odd_names(m: dict[str, Any]) -> None:
    m["public"]["session"].update(title='<b>"Tom\'s" & co</b>', practice=True, stake=7)
    for seat in m["public"]["seats"]:
        seat["name"] = f'<i>O\'Neil & "{seat["position"]}"</i>'
    m["public"]["deal"]["players"] = [f"<{n}> & '" for n in m["public"]["deal"]["players"]]


def _a_trick_with_a_joker(m: dict[str, Any]) -> None:
    m["view"]["phase"] = "play"
    m["view"]["trick"] = [{"card": "7C", "joker": True, "seat": 0}, {"card": "AS", "joker": False, "seat": 1}]
    m["view"]["last_trick"] = [{"card": "KH", "joker": False, "seat": 2}]


def _finished_table(m: dict[str, Any]) -> None:
    m["public"]["session"]["status"] = "finished"
    m["public"]["pending"] = {"commitment": None, "contributed": []}


def _no_deadline(m: dict[str, Any]) -> None:
    m["public"]["deal"]["deadline"] = None


@pytest.mark.parametrize(
    "change",
    [
        _plays_with_jokers,
        _discard,
        _exchange_from,
        _odd_bids,
        _bids_out_of_reach,
        _everyone_away_leaving_waiting,
        _left_by_the_idle_sweep,
        _odd_names,
        _a_trick_with_a_joker,
        _finished_table,
        _no_deadline,
    ],
)
def test_states_a_short_game_rarely_reaches_are_drawn_as_the_template_drew_them(
    make_table, players, watcher, change
):
    import copy

    table = make_table(buy_in_min=100, buy_in_max=100)
    sit_all(table, players[:3], buy_in=100)
    start_deal(table)
    for user in [*players, watcher]:
        presence_join(session_id=table.pk, user=user)
    groups = {user_group(table.pk, u.pk): u.pk for u in players}
    for n, (group, message) in enumerate(table_messages(table.pk)):
        changed = copy.deepcopy(message)
        if changed["view"]["seat"] is not None or change not in (
            _plays_with_jokers,
            _discard,
            _exchange_from,
        ):
            change(changed)
        for language in LANGUAGES:
            for can_manage in (False, True):
                _same(
                    *_both(
                        changed,
                        groups.get(group, watcher.pk),
                        language=language,
                        can_manage=can_manage,
                        replay=n == 1,
                        token=TOKEN if can_manage else None,
                    )
                )


@pytest.mark.parametrize(
    ("language", "shown"), [("en", "{seconds}s"), ("ru", "{seconds} с"), ("bg", "{seconds} с")]
)
def test_the_turn_clock_counts_seconds_in_the_readers_language(make_table, players, language, shown):
    """The clock's text is drawn in the browser from the frame's format: it read "30s" in Russian and
    Bulgarian too."""
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    message = table_messages(table.pk)[0][1]
    reference, drawn = _both(message, players[0].pk, language=language)
    _same(reference, drawn)
    assert 'class="clock" ' in drawn
    assert f'data-format="{shown}"' in drawn


def test_a_card_picks_id_names_its_deal(make_table, players):
    """The page keeps a ticked card across an update by its id (table.js); an id of the card and the
    move number alone came back ticked after a reconnect into a later deal's exchange at the same move
    with the same card in hand."""
    import copy
    import re

    table = make_table(buy_in_min=100, buy_in_max=100)
    sit_all(table, players[:3], buy_in=100)
    start_deal(table)
    message = next(m for _g, m in table_messages(table.pk) if m["view"]["seat"] is not None)
    ids = {}
    for deal_id in (41, 42):
        changed = copy.deepcopy(message)
        _discard(changed)
        changed["public"]["deal"]["id"] = deal_id
        _reference, drawn = _both(changed, players[0].pk, language="en")
        ids[deal_id] = set(re.findall(r'id="(pick-input-[^"]+)"', drawn))
    assert ids[41] and ids[42] and not ids[41] & ids[42]


@pytest.mark.parametrize("practice", [False, True])
def test_a_started_table_nobody_sits_at_says_it_will_be_called_off(make_table, players, watcher, practice):
    """Review 70's note: for the 15 minutes after a start nobody came to, the table said "Waiting for
    players" to whoever kept the page open, and was then called off without a word before."""
    table = make_table(practice=practice) if practice else make_table()
    presence_join(session_id=table.pk, user=watcher)
    message = next(m for g, m in table_messages(table.pk) if g != user_group(table.pk, players[0].pk))
    reference, drawn = _both(message, watcher.pk, language="en")
    _same(reference, drawn)
    assert message["public"]["session"]["status"] == "open" and message["public"]["session"]["started"]
    assert ("the table is called off" in drawn) is not practice
    with translation.override("ru"):
        _same(*_both(message, watcher.pk, language="ru"))
    # Somebody sits (two are needed): the table is not called off, and does not say it would be.
    sit_all(table, players[:1])
    message = next(m for g, m in table_messages(table.pk) if g != user_group(table.pk, players[0].pk))
    reference, drawn = _both(message, watcher.pk, language="en")
    _same(reference, drawn)
    assert "called off" not in drawn and "Waiting for players" in drawn


def test_an_away_players_seat_offered_to_a_watcher_is_drawn_as_the_template_draws_it(
    make_table, players, watcher
):
    """Review 148: at a full table, the seat of a player away with no page of the table open."""
    table = make_table(preset="classic", seats=4, practice=True)
    sit_all(table, players)
    table_away(session_id=table.pk, user=players[0])
    presence_join(session_id=table.pk, user=watcher)
    compared = 0
    for group, message in table_messages(table.pk):
        if group in {user_group(table.pk, user.pk) for user in players}:
            continue  # the spectators' picture only
        for language in LANGUAGES:
            reference, drawn = _both(message, watcher.pk, language=language, token=TOKEN)
            _same(reference, drawn)
            if language == "en":
                assert 'id="sit-1"' in drawn and "Take this seat" in drawn
            compared += 1
    assert compared
