"""Review 52: a sweep of beat's that reaches its soft time limit stops there, cleanly, and leaves the
rest to the next sweep. The limit's exception was taken for a broken deal (or table) and swallowed:
the deal it fell on was put off for a minute as if it could not move (a player's turn, a bot's move
held up), and the sweep went on past its time until the hard limit killed the worker's process."""

from __future__ import annotations

from datetime import timedelta

from celery.exceptions import SoftTimeLimitExceeded
from django.utils import timezone

from games.models import Deal, DealAction, JobFailure, Seat, TableSession
from games.tasks import stats_sweep_job, tables_idle_sweep_job, tables_sweep_job

from .conftest import sit_all, start_deal


def _due(*tables: TableSession) -> list[Deal]:
    deals = [start_deal(table) for table in tables]
    Deal.objects.filter(pk__in=[d.pk for d in deals]).update(deadline=timezone.now() - timedelta(seconds=1))
    for deal in deals:
        deal.refresh_from_db()
        assert deal.seq == 0
    return deals


def test_the_table_sweep_out_of_time_puts_off_no_deal(make_table, players, monkeypatch, caplog):
    import games.services.acting as acting

    first, second = make_table(), make_table()
    sit_all(first, players[:2])
    sit_all(second, players[2:4])
    deals = _due(first, second)
    deadlines = {deal.pk: deal.deadline for deal in deals}
    real = acting.turn_expire
    calls: list[int] = []

    def out_of_time(*, deal_id: int, seq: int, now=None):
        calls.append(deal_id)
        if len(calls) == 1:
            raise SoftTimeLimitExceeded()
        return real(deal_id=deal_id, seq=seq, now=now)

    monkeypatch.setattr(acting, "turn_expire", out_of_time)
    result = tables_sweep_job.apply(throw=False)
    assert len(calls) == 1, "the sweep went on after its time was up"
    assert result.successful(), "a sweep out of time is no failed job: the next sweep goes on"
    for deal in deals:
        deal.refresh_from_db()
        assert deal.deadline == deadlines[deal.pk], "a deal was put off as if it could not move"
    assert "out of time" in caplog.text
    monkeypatch.setattr(acting, "turn_expire", real)
    tables_sweep_job.apply().get()
    assert all(DealAction.objects.filter(deal=deal).exists() for deal in deals)
    assert not JobFailure.objects.exists()


def test_the_schedule_out_of_time_holds_back_no_table(make_table, monkeypatch):
    import games.services.schedule as schedule

    table = make_table(starts_at=timezone.now() + timedelta(hours=2))
    TableSession.objects.filter(pk=table.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    real = schedule.TRANSITIONS["open"]
    monkeypatch.setitem(
        schedule.TRANSITIONS, "open", lambda **kw: (_ for _ in ()).throw(SoftTimeLimitExceeded())
    )
    assert tables_sweep_job.apply(throw=False).successful()
    monkeypatch.setitem(schedule.TRANSITIONS, "open", real)
    tables_sweep_job.apply().get()  # at once: the table was not held back as a failing one
    table.refresh_from_db()
    assert table.status == TableSession.Status.OPEN


def test_the_idle_and_stats_sweeps_stop_at_their_time(make_table, players, monkeypatch):
    import games.jobs_inactivity as inactivity
    import games.stats as stats

    tables = [make_table(), make_table()]
    sit_all(tables[0], players[:2])
    sit_all(tables[1], players[2:4])
    calls: list[int] = []

    def out_of_time(**kwargs):
        calls.append(1)
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(inactivity, "tables_idle_due", lambda now=None, **kw: [t.pk for t in tables])
    monkeypatch.setattr(inactivity, "table_idle_stand_up", out_of_time)
    assert tables_idle_sweep_job.apply(throw=False).successful()
    assert len(calls) == 1, "the idle sweep went on after its time was up"
    assert Seat.objects.filter(status=Seat.Status.SITTING).count() == 4

    calls.clear()
    monkeypatch.setattr(stats, "deals_uncounted", lambda **kw: [1, 2, 3])
    monkeypatch.setattr(stats, "stats_deal_count", out_of_time)
    assert stats_sweep_job.apply(throw=False).successful()
    assert len(calls) == 1, "the stats sweep went on after its time was up"
    assert not JobFailure.objects.exists()
