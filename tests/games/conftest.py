"""Fixtures for the live tables: a club with members holding chips, and helpers that play deals."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from django.conf import settings
from django.utils import timezone

from club import services as club_services
from club.models import Club, Membership, User
from games.engine import observe
from games.engine.bots import BasicBot
from games.models import Deal, TableSession
from games.services import dealing, table_act, table_session_create, table_sit, tables_tick
from ledger.services import chips_grant

IS_SQLITE = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
_n = itertools.count()

#: The "open a table" form as a manager sends it (the site's page and the admin's add form).
TABLE_FORM = {
    "title": "Friday",
    "preset": "classic",
    "stake": "5",
    "seat_count": "4",
    "min_players": "2",
    "buy_in_min": "100",
    "buy_in_max": "500",
    "turn_seconds": "30",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not IS_SQLITE:
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL: the database is SQLite (set DATABASE_URL)")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _fresh_connects() -> None:
    # Each test opens its sockets from a full bucket (a person's connects are counted per process).
    from games import consumers

    consumers._CONNECTS.clear()


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    """Each test's sockets read through a channel layer of their own. channels-redis keeps one receive
    lock per layer, bound to the event loop that first waited on it; each test's ``async_to_sync``
    runs a new loop, and a lock a finished test's loop had left held failed a later test's consumer
    with "Lock ... is bound to a different event loop" (once, in a CI run)."""
    from channels.layers import channel_layers

    channel_layers.backends = {}
    yield
    channel_layers.backends = {}


@pytest.fixture
def memory_layer(settings):
    """Channels' in-memory layer, whatever the run's REDIS_URL says: tests that reach into one process's
    sockets (a monkeypatched service, a send to a closed peer) and need no second server."""
    from channels.layers import channel_layers

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    channel_layers.backends = {}
    yield
    channel_layers.backends = {}


@pytest.fixture(autouse=True)
def _quick_tables(settings) -> None:
    settings.TABLE_DEAL_PAUSE = 0
    settings.TABLE_FIRST_DEAL_PAUSE = 0
    settings.TABLE_BOT_DELAY = 0
    settings.TABLE_AWAY_DELAY = 0


@pytest.fixture
def owner(make_user) -> User:
    return make_user(f"owner{next(_n)}", display_name="Olga")


@pytest.fixture
def club(make_club, owner) -> Club:
    return make_club(owner, f"Table Club {next(_n)}")


@pytest.fixture
def players(make_user, club, owner) -> list[User]:
    """Four members with 1,000 chips each."""
    people = []
    for name in ("vera", "gleb", "dasha", "ivan"):
        user = make_user(f"{name}{next(_n)}", display_name=name.capitalize())
        club_services.membership_join(club=club, user=user)
        chips_grant(
            membership=Membership.objects.get(club=club, user=user), amount=1000, actor=owner, reason="start"
        )
        people.append(user)
    return people


@pytest.fixture
def make_table(club, owner) -> Callable[..., TableSession]:
    def make(preset: str = "classic", seats: int = 4, **extra) -> TableSession:
        values = {"stake": 5, "buy_in_min": 100, "buy_in_max": 500, "turn_seconds": 30, **extra}
        return table_session_create(
            club=club, actor=owner, title=f"{preset} table", preset=preset, seat_count=seats, **values
        )

    return make


def sit_all(table: TableSession, users: list[User], buy_in: int = 200) -> None:
    for position, user in enumerate(users):
        table_sit(session_id=table.pk, user=user, position=position, buy_in=buy_in)


def start_deal(table: TableSession) -> Deal:
    tables_tick(timezone.now())
    deal = Deal.objects.filter(session=table, finished_at__isnull=True).first()
    assert deal is not None, "the deal did not start"
    return deal


def play_deal_as_people(
    deal: Deal, users: list[User], *, after_each: Callable[[], None] | None = None, max_actions: int = 500
) -> Deal:
    """Every seat moves like a basic bot, but through ``table_act`` as its person."""
    by_seat = {}
    for i, seat_id in enumerate(deal.players):
        from games.models import Seat

        seat = Seat.objects.select_related("member__user").get(pk=seat_id)
        by_seat[i] = seat.member.user
    for _ in range(max_actions):
        deal.refresh_from_db()
        if deal.is_over:
            return deal
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        action = BasicBot(seed=deal.seq).choose(observe(state, seat))
        table_act(session_id=deal.session_id, user=by_seat[seat], action=action, expected_seq=deal.seq)
        if after_each is not None:
            after_each()
    raise AssertionError("the deal did not end")
