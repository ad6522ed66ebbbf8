"""Review 25 (a club after a year): a player's page read the rules of every table he snored at, one
query per table (``SnoreTricks``): a regular of a weekly table (a session a week) cost fifty-odd
queries a page, and the nightly recount one per table of the club. The tables' rules are read
together: the page's queries do not grow with the tables he played at."""

from __future__ import annotations

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import DealPlayer
from games.services import table_leave
from games.stats import stats_recompute

from .conftest import play_deal_as_people, sit_all, start_deal


def _rules_reads(queries: list[dict]) -> int:
    return sum('"games_tablesession"."rules"' in q["sql"] for q in queries)


def _page_queries(client: Client, path: str) -> tuple[int, int]:
    """The page's queries, and how many of them read tables' rules."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    assert response.status_code == 200, response.status_code
    return len(captured.captured_queries), _rules_reads(captured.captured_queries)


def _tables_played(make_table, players, count: int) -> None:
    for _ in range(count):
        table = make_table(turn_seconds=600)
        sit_all(table, players)
        play_deal_as_people(start_deal(table), players)
        for user in players:
            table_leave(session_id=table.pk, user=user)


def test_player_page_queries_do_not_grow_with_his_tables(make_table, players, club):
    me = players[0]
    client = Client()
    client.force_login(me, backend="django.contrib.auth.backends.ModelBackend")
    path = f"/clubs/{club.slug}/players/{me.username}/"

    def snored_everywhere() -> None:
        # Whatever the cards did: he bid a snore in every deal he played (the page's per-table read).
        DealPlayer.objects.filter(member__user=me).update(status="snore")

    _tables_played(make_table, players, 1)
    snored_everywhere()
    one, rules_one = _page_queries(client, path)
    _tables_played(make_table, players, 3)
    snored_everywhere()
    four, rules_four = _page_queries(client, path)
    assert rules_one == rules_four == 1
    # (one more when he has won a deal by now: his winning hand's moves are read; the cards decide)
    assert one <= four <= one + 1
    # The nightly recount reads the tables' rules a chunk of deals at a time, not one by one.
    with CaptureQueriesContext(connection) as captured:
        stats_recompute(fix=False)
    assert _rules_reads(captured.captured_queries) <= 1
