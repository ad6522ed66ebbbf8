"""Review 25 (a club after a year): the nightly collusion scan read each deal's table, actions and
players with three queries of its own (5,458 queries and 49 s for a club's 1,800 deals) and held
every deal row of the period at once. It reads the deals a chunk at a time: its queries do not grow
with the deals, and each deal's record is the one the deal alone gives."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Deal
from games.services import collusion as scan

from .conftest import play_deal_as_people, sit_all, start_deal


def _scan_queries(club, monkeypatch) -> tuple[dict[str, int], list]:
    seen: list = []
    real = scan.pair_scores

    def keep(records):
        seen.extend(records)
        return real(records)

    monkeypatch.setattr(scan, "pair_scores", keep)
    with CaptureQueriesContext(connection) as captured:
        scan.collusion_scan(club=club)
    reads = {"actions": 0, "players": 0, "tables": 0}
    for query in captured.captured_queries:
        sql = query["sql"]
        reads["actions"] += sql.startswith("SELECT") and 'FROM "games_dealaction"' in sql
        reads["players"] += sql.startswith("SELECT") and 'FROM "games_dealplayer"' in sql
        reads["tables"] += sql.startswith("SELECT") and 'FROM "games_tablesession"' in sql
    return reads, seen


def test_scan_queries_do_not_grow_with_the_deals(make_table, players, club, monkeypatch):
    monkeypatch.setattr(scan, "CHUNK", 3)
    table = make_table()
    sit_all(table, players, buy_in=500)
    for _ in range(7):
        play_deal_as_people(start_deal(table), players)
    reads, records = _scan_queries(club, monkeypatch)
    # The deals' actions and players: one query each per chunk (three deals a chunk here), not one
    # per deal; their tables come with the deals.
    scanned = Deal.objects.filter(session=table).exclude(result="redeal").order_by("number")
    chunks = -(-scanned.count() // scan.CHUNK)
    assert reads == {"actions": chunks, "players": chunks, "tables": 0}, (reads, scanned.count())
    # Each record is the deal's own, as the deal alone reads it.
    assert [r.deal_id for r in records] == [d.pk for d in scanned]
    assert records == [scan.deal_record(deal) for deal in scanned]
