"""Review 150: the player page's success chart read every deal of his, one row each, to count them
in Python: 0.1 s of a 0.33 s page at 20,000 deals (0.67 s on the reviewer's machine), growing with
every deal he plays. The database counts them now, by table, status and tricks taken: the rows the
chart reads stay as few however many deals he plays, and its numbers are those of a plain count."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import connection
from django.db.models.sql import compiler
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from club.models import Membership
from games.engine._base import SNORER_TYPES
from games.models import Deal, DealPlayer
from games.stats import rules_snore_tricks
from games.stats_read import player_success_by_status

from .conftest import sit_all
from .many_deals import STATUSES, a_deal_with_a_status, deal_copies

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_active_zone():
    timezone.deactivate()


@contextmanager
def rows_read() -> Iterator[list[int]]:
    """Counts the rows the queries inside send back to Python (every multi-row result passes through
    ``cursor_iter``)."""
    read = [0]
    original = compiler.cursor_iter

    def counting(*args, **kwargs):
        for rows in original(*args, **kwargs):
            read[0] += len(rows)
            yield rows

    compiler.cursor_iter = counting
    try:
        yield read
    finally:
        compiler.cursor_iter = original


def plain_count(member: Membership) -> dict[str, tuple[int, int]]:
    """Per status: deals made and deals played, read deal by deal as a reader counts them."""
    made: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for row in DealPlayer.objects.filter(member=member, status__in=STATUSES).select_related("deal__session"):
        deal = row.deal
        if deal.finished_at is None or deal.session.practice:
            continue
        tricks = (deal.outcome or {}).get("tricks")
        took = tricks[row.engine_seat] if isinstance(tricks, list) and row.engine_seat < len(tricks) else None
        need = rules_snore_tricks(deal.session.rules) if row.status in SNORER_TYPES else 1
        played[row.status] += 1
        made[row.status] += int(took is not None and took >= need)
    return {status: (made[status], played[status]) for status in played}


def chart_count(member: Membership) -> dict[str, tuple[int, int]]:
    return {bar["status"]: (bar["made"], bar["deals"]) for bar in player_success_by_status(membership=member)}


def test_the_success_chart_reads_as_few_rows_for_thousands_of_deals(make_table, players, play_deals, club):
    table = make_table()
    sit_all(table, players)
    deal, row = a_deal_with_a_status(table, players, play_deals)
    member = Membership.objects.get(pk=row.member_id)
    copies = deal_copies(deal, 300)
    # Half of them with other tricks taken: the status made in some, failed in others.
    for copy in copies[::2]:
        tricks = list(copy.outcome["tricks"])
        tricks[row.engine_seat] = 0 if tricks[row.engine_seat] else 3
        Deal.objects.filter(pk=copy.pk).update(outcome={**copy.outcome, "tricks": tricks})
    # A deal with no outcome counts as played, not made, as it always did.
    Deal.objects.filter(pk=copies[1].pk).update(outcome=None)
    client = Client()
    client.force_login(member.user, backend="django.contrib.auth.backends.ModelBackend")
    url = f"/clubs/{club.slug}/players/{member.user.username}/"

    with rows_read() as few, CaptureQueriesContext(connection) as queries_few:
        chart_few = chart_count(member)
    with CaptureQueriesContext(connection) as page_few:
        assert client.get(url).status_code == 200
    assert chart_few == plain_count(member)
    made, played = chart_few[row.status]
    assert 0 < made < played == 301

    deal_copies(deal, 3_000)
    with rows_read() as many, CaptureQueriesContext(connection) as queries_many:
        chart_many = chart_count(member)
    with CaptureQueriesContext(connection) as page_many:
        assert client.get(url).status_code == 200
    assert chart_many == plain_count(member)
    assert chart_many[row.status][1] == 3_301
    assert len(queries_many) == len(queries_few)
    assert len(page_many) == len(page_few)
    # Rows per table, status and tricks taken: a handful, not one per deal.
    assert many[0] == few[0] < 20, (few[0], many[0])
