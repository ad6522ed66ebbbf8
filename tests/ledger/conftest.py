from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from django.conf import settings

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
