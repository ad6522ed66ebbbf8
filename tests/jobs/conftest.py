"""Fixtures of the background-jobs tests: the live tables' own (tests/games/conftest.py), and helpers
that play deals with the stats hook running as it does after a real commit."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.models import Deal, TableSession
from tests.games.conftest import (  # noqa: F401  (fixtures)
    IS_SQLITE,
    _quick_tables,
    club,
    make_table,
    owner,
    play_deal_as_people,
    players,
    sit_all,
    start_deal,
)
from tests.jobs.celery_procs import celery_run  # noqa: F401  (fixture)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not IS_SQLITE:
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL: the database is SQLite (set DATABASE_URL)")
    for item in items:
        if "postgres" in item.keywords and "tests/jobs/" in item.nodeid:
            item.add_marker(skip)


@pytest.fixture
def play_deals(django_capture_on_commit_callbacks) -> Callable[..., list[Deal]]:
    """play_deals(table, users, n) -> the n deals played there as people, each one's commit hooks run
    (so the stats task counts it, as it does after a real commit)."""

    def play(table: TableSession, users: list, n: int = 1) -> list[Deal]:
        deals = []
        for _ in range(n):
            with django_capture_on_commit_callbacks(execute=True):
                deal = start_deal(table)
                play_deal_as_people(deal, users)
            deal.refresh_from_db()
            deals.append(deal)
        return deals

    return play
