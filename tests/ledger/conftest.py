from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from django.conf import settings
from django.utils import timezone

from club.models import Club, Membership, User

IS_SQLITE = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
_counter = itertools.count()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # PostgreSQL-only tests (triggers, races, SIGKILL) are skipped on SQLite and nowhere else: CI runs
    # them against PostgreSQL.
    if not IS_SQLITE:
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL: the database is SQLite (set DATABASE_URL)")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)


def make_user(prefix: str = "user") -> User:
    return User.objects.create(username=f"{prefix}{next(_counter)}")


@pytest.fixture
def owner() -> User:
    return make_user("owner")


@pytest.fixture
def club(owner: User) -> Club:
    n = next(_counter)
    club = Club.objects.create(name=f"Club {n}", slug=f"club-{n}", created_by=owner)
    Membership.objects.create(club=club, user=owner, role=Membership.Role.OWNER)
    return club


@pytest.fixture
def member_factory(club: Club) -> Callable[..., Membership]:
    def make(
        *, club: Club = club, role: str = Membership.Role.MEMBER, status: str = Membership.Status.ACTIVE
    ) -> Membership:
        return Membership.objects.create(club=club, user=make_user(), role=role, status=status)

    return make


@pytest.fixture
def owner_membership(club: Club, owner: User) -> Membership:
    return Membership.objects.get(club=club, user=owner)


def new_table(club: Club) -> int:
    """A table session of ``club`` (its id): stacks, holds and banks belong to a real table."""
    from games.engine import PRESETS
    from games.models import TableSession

    n = next(_counter)
    return TableSession.objects.create(
        club=club,
        title=f"Ledger table {n}",
        preset="classic",
        rules=PRESETS["classic"].to_json(),
        stake=5,
        seat_count=4,
        buy_in_min=1,
        buy_in_max=1000,
        created_by=club.created_by,
    ).pk


def new_deal(table_id: int) -> int:
    """A deal of that table (its id), for journals that book a deal's movements."""
    from games.models import Deal

    number = Deal.objects.filter(session_id=table_id).count() + 1
    return Deal.objects.create(
        session_id=table_id,
        number=number,
        players=[],
        dealer=0,
        commitment="0" * 64,
        seed="0" * 64,
        state={},
        finished_at=timezone.now(),
    ).pk


@pytest.fixture
def table(club: Club) -> int:
    return new_table(club)


@pytest.fixture
def deal(table: int) -> int:
    return new_deal(table)
