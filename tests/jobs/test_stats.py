"""Stats: counted once after each deal, equal to the nightly recount from the deal log and the ledger
(which corrects and reports a broken counter), by day for the leaderboard's periods (time travel),
and the leaderboard and player pages: members only, sortable, odd query values harmless."""

from __future__ import annotations

import contextlib
import threading
from collections import Counter
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from club.models import AuditLog, Membership
from games.engine import PRESETS
from games.engine._base import HELPER_TYPES, SNORER_TYPES
from games.models import Deal, DealPlayer, PlayerStats, StatsCounted
from games.stats import Counters, StatsBusy, deal_dealt, stats_deal_count, stats_recompute
from games.stats_read import leaderboard, player_net_series, player_success_by_status, player_winning_hand
from games.tasks import stats_sweep_job

from .conftest import IS_SQLITE, play_deal_as_people, sit_all, start_deal


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@contextlib.contextmanager
def travel(monkeypatch, delta: timedelta) -> Iterator[None]:
    """The clock runs ``delta`` away from the real one (negative: in the past)."""
    real = timezone.now.__wrapped__ if hasattr(timezone.now, "__wrapped__") else timezone.now

    def moved():
        return real() + delta

    moved.__wrapped__ = real  # type: ignore[attr-defined]
    with monkeypatch.context() as patch:
        patch.setattr(timezone, "now", moved)
        yield


def _totals(member: Membership) -> Counters:
    total = Counters()
    for row in PlayerStats.objects.filter(member=member):
        total.add(Counters.of(row))
    return total


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_running_counters_equal_the_nightly_recount(preset, make_table, players, play_deals):
    seats = min(4, PRESETS[preset].max_players)
    table = make_table(preset, seats=seats)
    sit_all(table, players[:seats])
    deals = play_deals(table, players[:seats], 5)
    assert StatsCounted.objects.filter(deal__in=deals).count() == 5
    summary = stats_recompute(fix=False)
    assert summary["differences"] == 0, summary["details"]
    assert summary["uncounted_deals"] == 0
    # A player whose stack ran out sits a deal out (a row, but no cards): it is not a deal he played.
    dealt_in = [
        p
        for p in DealPlayer.objects.filter(deal__in=deals).select_related("deal")
        if p.engine_seat in deal_dealt(p.deal.opening)
    ]
    for user in players[:seats]:
        member = Membership.objects.get(club=table.club, user=user)
        played = [p for p in dealt_in if p.member_id == member.pk]
        totals = _totals(member)
        assert totals.deals == len(played)
        assert totals.net == sum(p.net for p in played)
        assert totals.tricks == sum(d.outcome["tricks"][p.engine_seat] for p in played for d in [p.deal])
        # Whole seconds from each deal's start to its end, worked out here from the deal rows.
        lasted = [(p.deal.finished_at - p.deal.started_at).total_seconds() for p in played]
        assert totals.seconds_played == sum(int(seconds) for seconds in lasted)
    everyone = Counters()
    for row in PlayerStats.objects.all():
        everyone.add(Counters.of(row))
    assert everyone.deals == len(dealt_in) >= 5 * 2
    assert everyone.snores_made + everyone.snores_failed <= 5


def test_the_recount_corrects_broken_counters_and_reports_them(make_table, players, play_deals):
    table = make_table()
    sit_all(table, players)
    play_deals(table, players, 4)
    assert stats_recompute(fix=False)["differences"] == 0
    rows = list(PlayerStats.objects.order_by("member_id"))
    PlayerStats.objects.filter(pk=rows[0].pk).update(net=rows[0].net + 7, deals=0)
    rows[1].delete()
    lost = StatsCounted.objects.order_by("deal_id").first().deal_id
    StatsCounted.objects.filter(deal_id=lost).delete()
    summary = stats_recompute()
    assert summary["differences"] == 2
    assert summary["uncounted_deals"] == 1
    changed = {d["member"]: d["fields"] for d in summary["details"]}
    assert changed[rows[0].member_id]["net"] == {"stored": rows[0].net + 7, "recounted": rows[0].net}
    assert changed[rows[1].member_id]["deals"]["stored"] == 0
    report = AuditLog.objects.get(action="club.stats_corrected", club=table.club)
    assert len(report.data["differences"]) == 2
    assert PlayerStats.objects.get(pk=rows[0].pk).net == rows[0].net
    assert PlayerStats.objects.filter(member_id=rows[1].member_id).exists()
    assert StatsCounted.objects.filter(deal_id=lost).exists()
    again = stats_recompute()
    assert again["differences"] == 0 and again["uncounted_deals"] == 0
    assert AuditLog.objects.filter(action="club.stats_corrected").count() == 1


def test_a_deal_is_counted_once_and_a_lost_task_is_swept(make_table, players, monkeypatch):
    """Without its commit hook (a lost message), the sweeper counts the deal; counting twice adds
    nothing."""
    table = make_table()
    sit_all(table, players[:2])
    deal = play_deal_as_people(start_deal(table), players[:2])  # the test's transaction: no hook ran
    assert not StatsCounted.objects.filter(deal=deal).exists()
    assert stats_sweep_job.apply().get() == 0, "a deal finished a moment ago is its own task's"
    with travel(monkeypatch, timedelta(minutes=1)):
        assert stats_sweep_job.apply().get() == 1
    before = list(PlayerStats.objects.order_by("pk").values())
    assert stats_deal_count(deal_id=deal.pk) is False
    assert list(PlayerStats.objects.order_by("pk").values()) == before
    assert sum(r["deals"] for r in before) == 2


def test_practice_tables_do_not_count(club, players):
    from games.services import practice_table_open, tables_tick

    table = practice_table_open(club=club, user=players[0])
    deal = start_deal(table)
    for minutes in range(1, 500):
        if Deal.objects.get(pk=deal.pk).is_over:
            break
        tables_tick(timezone.now() + timedelta(minutes=minutes))  # his turns time out, the bots play
    assert stats_deal_count(deal_id=deal.pk) is True
    assert not PlayerStats.objects.exists()
    assert stats_recompute()["differences"] == 0


def test_days_and_periods_by_time_travel(make_table, players, play_deals, monkeypatch):
    with travel(monkeypatch, -timedelta(days=40)):
        table = make_table()
        sit_all(table, players[:2])
        play_deals(table, players[:2], 1)
    with travel(monkeypatch, -timedelta(days=10)):
        play_deals(table, players[:2], 1)
    play_deals(table, players[:2], 1)
    vera = Membership.objects.get(club=table.club, user=players[0])
    days = sorted(PlayerStats.objects.filter(member=vera).values_list("day", flat=True))
    assert len(days) == 3 and (days[-1] - days[0]).days in (39, 40, 41)
    deals = {}
    for period in ("week", "month", "all"):
        mine = next(r for r in leaderboard(club=table.club, period=period) if r.member == vera)
        deals[period] = mine.counters.deals
    assert deals == {"week": 1, "month": 2, "all": 3}
    assert stats_recompute()["differences"] == 0


def test_leaderboard_and_player_pages(make_table, players, play_deals, make_user):
    table = make_table()
    sit_all(table, players)
    play_deals(table, players, 6)
    client = _client(players[0])
    page = client.get(f"/clubs/{table.club.slug}/leaderboard/")
    assert page.status_code == 200
    html = page.content.decode()
    for user in players:
        assert user.shown_name in html
    nets = {
        r.member.user_id: r.counters.net
        for r in leaderboard(club=table.club, period="week", sort="net", descending=True)
    }
    order = [
        r.member.user_id for r in leaderboard(club=table.club, period="week", sort="net", descending=False)
    ]
    assert [nets[u] for u in order] == sorted(nets.values())
    by_name = leaderboard(club=table.club, period="all", sort="player", descending=False)
    assert [r.member.user.shown_name.casefold() for r in by_name] == sorted(
        u.shown_name.casefold() for u in players
    )
    for query in (
        "?sort=net&order=asc",
        "?sort=snore_rate&order=desc&period=month",
        "?sort=__class__&order=sideways&period=forever",
        "?sort=%ff&period=%e2%80%ae",
        "?period=all&sort=seconds_played",
        "?sort=player",
    ):
        assert client.get(f"/clubs/{table.club.slug}/leaderboard/{query}").status_code == 200, query
    player = client.get(f"/clubs/{table.club.slug}/players/{players[1].username}/")
    assert player.status_code == 200
    body = player.content.decode()
    assert body.count("<svg") >= 3 and "<polyline" in body
    assert "style=" not in body.split("<main", 1)[-1]  # the Content-Security-Policy allows none
    assert client.get(f"/clubs/{table.club.slug}/leaderboard/?sort=%00").status_code == 400  # NUL: refused
    assert client.get(f"/clubs/{table.club.slug}/players/{players[1].username}/?period=x").status_code == 200
    assert client.get(f"/clubs/{table.club.slug}/players/nobody-here/").status_code == 404
    stranger = _client(make_user("stranger"))
    assert stranger.get(f"/clubs/{table.club.slug}/leaderboard/").status_code == 404
    assert stranger.get(f"/clubs/{table.club.slug}/players/{players[1].username}/").status_code == 404
    assert Client().get(f"/clubs/{table.club.slug}/leaderboard/").status_code == 302
    club_page = client.get(f"/clubs/{table.club.slug}/").content.decode()
    assert f"/clubs/{table.club.slug}/leaderboard/" in club_page


def test_player_charts_read_his_deals(make_table, players, play_deals):
    table = make_table()
    sit_all(table, players)
    deals = play_deals(table, players, 8)
    vera = Membership.objects.get(club=table.club, user=players[0])
    series = player_net_series(membership=vera)
    nets = [
        p.net for p in DealPlayer.objects.filter(member=vera, deal__in=deals).order_by("deal__finished_at")
    ]
    assert [v for _when, v in series] == [sum(nets[: i + 1]) for i in range(len(nets))]
    assert player_net_series(membership=vera, limit=3)[-1][1] == sum(nets)
    by_status = player_success_by_status(membership=vera)
    for row in by_status:
        assert 0 <= row["made"] <= row["deals"] and row["label"]
    # The deals per status counted here from his rows: an empty chart held the bounds above too.
    declared = Counter(
        p.status for p in DealPlayer.objects.filter(member=vera, deal__in=deals)
        if p.status in SNORER_TYPES | HELPER_TYPES
    )
    assert declared, "the seeds give Vera no snore or help to chart"
    assert {row["status"]: row["deals"] for row in by_status} == dict(declared)
    hand = player_winning_hand(membership=vera)
    assert hand["hands"] <= sum(1 for n in nets if n > 0)
    assert len(hand["cards"]) <= 4
    for card in hand["cards"]:
        assert 0 < card["share"] <= 100


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_counting_waits_while_the_recount_holds_the_stats(
    make_table, players, django_capture_on_commit_callbacks
):
    assert not IS_SQLITE
    table = make_table()
    sit_all(table, players[:2])
    deal = play_deal_as_people(start_deal(table), players[:2])
    StatsCounted.objects.filter(deal=deal).delete()
    holding, release = threading.Event(), threading.Event()

    def recount() -> None:
        from django.db import connection as thread_connection
        from django.db import transaction

        with transaction.atomic():
            with thread_connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [0x6B68_7261_7073])
            holding.set()
            release.wait(10)
        thread_connection.close()

    thread = threading.Thread(target=recount)
    thread.start()
    try:
        assert holding.wait(10)
        with pytest.raises(StatsBusy):
            stats_deal_count(deal_id=deal.pk)
    finally:
        release.set()
        thread.join()
    assert stats_deal_count(deal_id=deal.pk) is True
    assert connection.vendor == "postgresql"
