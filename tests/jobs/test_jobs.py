"""The jobs themselves, without a worker: what the tables publish on commit, the task options, retries
with backoff, failures recorded for managers, and the embedded default running every job in-process
(no Redis: eager tasks and the ticker)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import OperationalError
from django.test import Client
from django.utils import timezone

from club.models import AuditLog, Membership
from games import jobs, jobs_clock
from games.models import Deal, DealAction, JobFailure, PlayerStats, Seat, StatsCounted, TableSession
from games.services import tables_tick
from games.tasks import (
    JobTask,
    collusion_scan_job,
    deal_if_due_job,
    ledger_reconcile_job,
    members_dormant_job,
    stats_count_job,
    stats_recompute_job,
    stats_sweep_job,
    tables_idle_sweep_job,
    tables_sweep_job,
    turn_expire_job,
)
from games.ticker import ensure_ticker, ticker_stop

from .conftest import play_deal_as_people, sit_all, start_deal

ROOT = Path(__file__).resolve().parents[2]
TASKS = [
    turn_expire_job,
    deal_if_due_job,
    tables_sweep_job,
    stats_count_job,
    stats_sweep_job,
    stats_recompute_job,
    tables_idle_sweep_job,
    members_dormant_job,
    ledger_reconcile_job,
    collusion_scan_job,
]


@pytest.fixture
def published(monkeypatch, settings) -> list[tuple[str, dict, object]]:
    """The Celery clock's publishes, caught instead of sent."""
    settings.TABLE_CLOCK = "celery"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent: list[tuple[str, dict, object]] = []
    monkeypatch.setattr(
        jobs, "job_publish", lambda name, *, kwargs, eta=None: sent.append((name, dict(kwargs), eta))
    )
    return sent


def test_every_task_is_late_acknowledged_bounded_and_retried_with_backoff():
    for task in TASKS:
        assert isinstance(task, JobTask)
        assert task.acks_late and task.reject_on_worker_lost and task.retry_on_worker_lost, task.name
        assert OperationalError in task.autoretry_for, task.name
        assert task.retry_backoff and task.retry_jitter and task.retry_backoff_max == 60
        assert 0 < task.soft_time_limit < task.time_limit, task.name
    from django.conf import settings

    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert scheduled == {
        "games.tables_sweep",
        "games.stats_sweep",
        "games.tables_idle_sweep",
        "games.members_dormant",
        "games.ledger_reconcile",
        "games.stats_recompute",
        "games.collusion_scan",
    }
    assert settings.CELERY_BEAT_SCHEDULE["tables-sweep"]["schedule"] <= 5


def test_the_tables_publish_each_deadline_deal_and_count_on_commit(
    make_table, players, published, django_capture_on_commit_callbacks
):
    table = make_table()
    sit_all(table, players[:2])
    with django_capture_on_commit_callbacks(execute=True):
        deal = start_deal(table)
    assert published == [("games.turn_expire", {"deal_id": deal.pk, "seq": 0}, deal.deadline)]
    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        deal = play_deal_as_people(deal, players[:2])
    deadlines = [p for p in published if p[0] == "games.turn_expire"]
    assert [p[1]["seq"] for p in deadlines] == list(range(1, deal.seq)), "one per move but the last"
    table.refresh_from_db()
    assert ("games.deal_if_due", {"session_id": table.pk}, table.next_deal_at) in published
    assert ("games.stats_count", {"deal_id": deal.pk}, None) in published
    assert not StatsCounted.objects.exists(), "the worker counts it, not this process"


def test_a_deadline_moved_earlier_without_a_move_is_published_at_once(
    make_table, players, owner, published, django_capture_on_commit_callbacks
):
    """Going away on one's turn, or being stood up by a manager on it, brings the clock forward
    without a new seq: a task at the new deadline, not the next sweep."""
    from games.engine import to_act
    from games.services import table_away, table_stand_up
    from games.services.dealing import deal_state

    table = make_table()
    sit_all(table, players[:2])
    with django_capture_on_commit_callbacks(execute=True):
        deal = start_deal(table)
    published.clear()
    acting = Seat.objects.get(pk=deal.players[to_act(deal_state(deal))])
    with django_capture_on_commit_callbacks(execute=True):
        table_away(session_id=table.pk, user=acting.member.user)
    deal.refresh_from_db()
    assert ("games.turn_expire", {"deal_id": deal.pk, "seq": deal.seq}, deal.deadline) in published
    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        table_stand_up(session_id=table.pk, actor=owner, position=acting.position, reason="asleep")
    deal.refresh_from_db()
    assert published == [("games.turn_expire", {"deal_id": deal.pk, "seq": deal.seq}, deal.deadline)]
    assert deal.deadline <= timezone.now()


def test_a_ban_on_the_players_turn_publishes_his_clock_at_once(
    make_table, players, owner, published, django_capture_on_commit_callbacks
):
    """A ban (or a suspension, or leaving the club) on his turn brought his clock to now but sent no
    task: the worker's came at the end of his turn, the sweeper's within seconds (review 28's note)."""
    from club.models import Membership
    from club.services import membership_ban
    from games.engine import to_act
    from games.services.dealing import deal_state

    table = make_table()
    sit_all(table, players[:2])
    with django_capture_on_commit_callbacks(execute=True):
        deal = start_deal(table)
    published.clear()
    acting = Seat.objects.get(pk=deal.players[to_act(deal_state(deal))])
    with django_capture_on_commit_callbacks(execute=True):
        membership_ban(membership=Membership.objects.get(pk=acting.member_id), actor=owner, reason="cheat")
    deal.refresh_from_db()
    assert deal.deadline <= timezone.now()
    assert ("games.turn_expire", {"deal_id": deal.pk, "seq": deal.seq}, deal.deadline) in published


def test_under_the_ticker_nothing_is_published_and_stats_are_counted_in_process(
    make_table, players, monkeypatch, play_deals
):
    sent: list[str] = []
    monkeypatch.setattr(jobs, "job_publish", lambda name, **kw: sent.append(name))
    table = make_table()
    sit_all(table, players[:2])
    (deal,) = play_deals(table, players[:2], 1)
    assert sent == []
    assert StatsCounted.objects.filter(deal=deal).exists() and PlayerStats.objects.count() == 2


def test_a_broker_that_is_down_never_reaches_the_player(make_table, players, settings, caplog, monkeypatch):
    """The move is committed and answered; the publish is logged (the sweeper does its work)."""
    from club.celery import app

    settings.TABLE_CLOCK = "celery"
    settings.CELERY_TASK_ALWAYS_EAGER = False

    def down(*args, **kwargs):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(app, "send_task", down)
    assert jobs.job_publish("games.turn_expire", kwargs={"deal_id": 1, "seq": 0}, eta=timezone.now()) is False
    assert "could not publish games.turn_expire" in caplog.text


def test_a_deadline_moved_later_is_followed(make_table, players, published):
    table = make_table()
    sit_all(table, players[:2])
    deal = start_deal(table)
    later = timezone.now() + timedelta(seconds=20)
    Deal.objects.filter(pk=deal.pk).update(deadline=later)  # the player came back: his clock again
    assert turn_expire_job.apply(kwargs={"deal_id": deal.pk, "seq": 0}).get() == "later"
    assert published == [("games.turn_expire", {"deal_id": deal.pk, "seq": 0}, later)]
    Deal.objects.filter(pk=deal.pk).update(deadline=timezone.now())
    assert turn_expire_job.apply(kwargs={"deal_id": deal.pk, "seq": 0}).get() == "moved"
    assert turn_expire_job.apply(kwargs={"deal_id": deal.pk, "seq": 0}).get() == "nothing"
    assert DealAction.objects.filter(deal=deal).count() == 1


def test_database_errors_are_retried_with_backoff(make_table, players, monkeypatch):
    import celery.app.autoretry as autoretry

    import games.stats as stats

    table = make_table()
    sit_all(table, players[:2])
    deal = play_deal_as_people(start_deal(table), players[:2])
    real = stats.stats_deal_count
    calls: list[int] = []
    waits: list[tuple[int, int]] = []

    def flaky(*, deal_id: int) -> bool:
        calls.append(deal_id)
        if len(calls) < 3:
            raise OperationalError("server closed the connection unexpectedly")
        return real(deal_id=deal_id)

    real_backoff = autoretry.get_exponential_backoff_interval

    def backoff(factor, retries, maximum, full_jitter=False):
        waits.append((retries, maximum))
        return real_backoff(factor, retries, maximum, full_jitter)

    monkeypatch.setattr(stats, "stats_deal_count", flaky)
    monkeypatch.setattr(autoretry, "get_exponential_backoff_interval", backoff)
    assert stats_count_job.apply(kwargs={"deal_id": deal.pk}).get() is True
    assert len(calls) == 3 and waits == [(0, 60), (1, 60)]
    assert StatsCounted.objects.filter(deal=deal).exists() and not JobFailure.objects.exists()


def test_a_task_that_fails_for_good_is_logged_and_shown_to_its_clubs_managers(
    make_table, players, owner, make_user, make_club, monkeypatch, caplog
):
    import games.services as services
    import games.stats as stats

    table = make_table()
    sit_all(table, players[:2])
    deal = start_deal(table)

    def broken(**kwargs):
        raise RuntimeError("an engine bug")

    monkeypatch.setattr(services, "turn_expire", broken)
    result = turn_expire_job.apply(kwargs={"deal_id": deal.pk, "seq": 0}, throw=False)
    assert result.failed()
    failure = JobFailure.objects.get()
    assert failure.task == "games.turn_expire" and failure.club == table.club
    assert failure.error == "RuntimeError: an engine bug" and "an engine bug" in failure.traceback
    assert failure.arguments["kwargs"] == {"deal_id": deal.pk, "seq": 0}
    assert "failed for good" in caplog.text
    audit = AuditLog.objects.get(action="club.job_failed")
    # The club's managers read the kind of error; its text is the operators' (the failure's record).
    assert audit.club == table.club and "an error in the site's code" in audit.details_text
    assert "an engine bug" not in audit.details_text and f"#{failure.pk}" in audit.details_text

    # Database errors: retried, then recorded with their retries.
    monkeypatch.setattr(
        stats, "stats_deal_count", lambda **kw: (_ for _ in ()).throw(OperationalError("gone"))
    )
    assert stats_count_job.apply(kwargs={"deal_id": deal.pk}, throw=False).failed()
    assert JobFailure.objects.get(task="games.stats_count").retries == stats_count_job.max_retries

    # The admin: the club's managers see its failures, another club's do not.
    manager = Client()
    manager.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    page = manager.get("/admin/games/jobfailure/")
    assert page.status_code == 200 and "games.turn_expire" in page.content.decode()
    assert manager.get(f"/admin/games/jobfailure/{failure.pk}/change/").status_code == 200
    other_owner = make_user("otherowner")
    make_club(other_owner, "Other Club")
    other = Client()
    other.force_login(other_owner, backend="django.contrib.auth.backends.ModelBackend")
    assert "games.turn_expire" not in other.get("/admin/games/jobfailure/").content.decode()
    assert failure.task_label not in other.get("/admin/games/jobfailure/").content.decode()
    assert other.get(f"/admin/games/jobfailure/{failure.pk}/change/").status_code in (302, 403, 404)
    assert manager.get("/admin/games/jobfailure/?task=%ff&failed_at__year=99999").status_code in (200, 400)


def test_every_job_runs_in_process_on_the_embedded_default(make_table, players, settings):
    """No Redis: eager tasks run every job here (the ticker is their clock, tested below)."""
    assert settings.CELERY_TASK_ALWAYS_EAGER or settings.REDIS_URL
    table = make_table()
    sit_all(table, players[:2])
    deal = start_deal(table)
    Deal.objects.filter(pk=deal.pk).update(deadline=timezone.now())
    assert turn_expire_job.apply(kwargs={"deal_id": deal.pk, "seq": 0}).get() == "moved"
    Deal.objects.filter(pk=deal.pk).update(deadline=timezone.now())
    assert tables_sweep_job.apply().get() >= 1
    assert DealAction.objects.filter(deal=deal).count() >= 2
    assert deal_if_due_job.apply(kwargs={"session_id": table.pk}).get() is False  # a deal runs
    assert stats_sweep_job.apply().get() == 0
    assert stats_recompute_job.apply().get()["differences"] == 0
    assert tables_idle_sweep_job.apply().get() == 0
    assert members_dormant_job.apply().get() == {"marked": 0, "woken": 0}
    assert ledger_reconcile_job.apply().get()["ok"] is True
    assert collusion_scan_job.apply().get() == 0, "two honest people and one deal: nothing to flag"
    assert not JobFailure.objects.exists()


def test_the_ticker_runs_beats_other_jobs_in_process(settings, players, monkeypatch):
    settings.TABLE_CLOCK = "ticker"
    settings.CELERY_BEAT_SCHEDULE = {
        "dormant": {"task": "games.members_dormant", "schedule": 0.05},
        "sweep": {"task": "games.tables_sweep", "schedule": 0.05},
    }
    ran: list[str] = []
    from club.celery import app

    for name in ("games.members_dormant", "games.tables_sweep"):
        monkeypatch.setattr(app.tasks[name], "apply", lambda *a, _n=name, **kw: ran.append(_n))
    monkeypatch.setattr(jobs_clock, "_last_run", {})
    assert jobs_clock.jobs_tick(force=True) == 0, "the first look starts each period"
    time.sleep(0.1)
    assert jobs_clock.jobs_tick(force=True) == 1
    assert jobs_clock.jobs_wait(5)  # in a thread of their own, beside the tables' clock
    assert ran == ["games.members_dormant"], "the tables' sweep is the ticker itself"
    settings.TABLE_CLOCK = "both"  # beat runs them
    time.sleep(0.1)
    assert jobs_clock.jobs_tick(force=True) == 0


@pytest.mark.django_db(transaction=True)
def test_the_real_ticker_thread_runs_a_periodic_job(settings, players):
    settings.TABLE_CLOCK = "ticker"
    settings.CELERY_BEAT_SCHEDULE = {"dormant": {"task": "games.members_dormant", "schedule": 0.2}}
    Membership.objects.filter(user=players[0]).update(created_at=timezone.now() - timedelta(days=91))
    AuditLog.objects.filter(action="membership.joined", target_user=players[0]).update(
        created_at=timezone.now() - timedelta(days=91)
    )
    jobs_clock._last_run.clear()
    ensure_ticker(interval=0.05, force=True)
    try:
        deadline = time.monotonic() + 15
        while (
            time.monotonic() < deadline
            and not Membership.objects.filter(dormant_since__isnull=False).exists()
        ):
            time.sleep(0.1)
    finally:
        ticker_stop()
        jobs_clock._last_run.clear()
    assert Membership.objects.get(user=players[0]).dormant_since is not None


@pytest.mark.parametrize(
    ("env", "error"),
    [
        ({"TABLE_CLOCK": "sundial"}, 'TABLE_CLOCK must be "ticker", "celery" or "both"'),
        ({"TABLE_CLOCK": "celery", "REDIS_URL": ""}, "needs a Celery broker"),
    ],
)
def test_table_clock_settings_are_checked(env: dict[str, str], error: str):
    run = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "club.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode != 0 and error in run.stderr


def test_a_scheduled_session_is_run_by_the_sweeper_task(make_table, players):
    """Beat's sweeper calls the ticker's own function: the schedule moves with it."""
    table = make_table(starts_at=timezone.now() + timedelta(hours=2))
    TableSession.objects.filter(pk=table.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    tables_sweep_job.apply().get()  # seating opens
    tables_sweep_job.apply().get()  # play starts
    table.refresh_from_db()
    assert table.status == TableSession.Status.OPEN and table.started_at is not None
    sit_all(table, players[:2])
    tables_tick(timezone.now() + timedelta(seconds=5))
    assert Deal.objects.filter(session=table).exists()
    assert Seat.objects.filter(session=table).count() == 2


def test_the_sweeper_task_ends_and_cancels_sessions_and_moves_bots(make_table, players, owner):
    from games.services import table_bot_add

    ended = make_table(ends_at=timezone.now() + timedelta(hours=1))
    sit_all(ended, players[:2])
    empty = make_table(starts_at=timezone.now() + timedelta(minutes=10))
    with_bot = make_table()
    sit_all(with_bot, players[2:3])
    table_bot_add(session_id=with_bot.pk, actor=owner, position=1, buy_in=200)
    TableSession.objects.filter(pk=with_bot.pk).update(next_dealer=0)  # the bot speaks first
    TableSession.objects.filter(pk=ended.pk).update(ends_at=timezone.now())
    # Play started 16 minutes ago and nobody came (the grace counts from the start of play, review 20).
    past = timezone.now() - timedelta(minutes=16)
    TableSession.objects.filter(pk=empty.pk).update(starts_at=past, started_at=past)
    tables_sweep_job.apply().get()  # ends one, cancels one, deals at the bot's table
    deal = Deal.objects.get(session=with_bot)
    tables_sweep_job.apply().get()  # the bot's deadline (TABLE_BOT_DELAY = 0 here)
    assert DealAction.objects.filter(deal=deal, actor=DealAction.Actor.BOT).exists()
    ended.refresh_from_db()
    empty.refresh_from_db()
    assert ended.status == TableSession.Status.FINISHED
    assert empty.status == TableSession.Status.CANCELLED
    assert set(Seat.objects.filter(session=ended).values_list("status", flat=True)) == {Seat.Status.LEFT}
