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
            view=message["view"], public=message["public"], user_id=user_id, now=now, can_manage=can_manage
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
                assert cards_in(drawn) <= cards_allowed(state, seat), f"seat {seat} saw cards not his"
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
