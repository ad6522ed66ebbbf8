"""Review 120: while the database was down the in-process table clock logged a full traceback at
every tick, five times a second (300 a minute in every server process). It now logs the failure
once with its traceback, again at most once a minute in a line, and a line when the ticks work again;
a failure after that is told anew."""

from __future__ import annotations

import logging
import threading
import time

import pytest
from django.db import OperationalError

from games import ticker
from games.services import acting

pytestmark = pytest.mark.django_db(transaction=True)


def _wait(predicate, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


@pytest.fixture
def database(monkeypatch):
    """The clock's database question fails while ``down`` is set (the server refuses connections)."""
    down = threading.Event()
    ticks = [0]
    anything_due = acting.clock_anything_due

    def question(now):
        ticks[0] += 1
        if down.is_set():
            raise OperationalError('connection to server at "127.0.0.1" failed: Connection refused')
        return anything_due(now)

    monkeypatch.setattr(acting, "clock_anything_due", question)
    monkeypatch.setattr("games.jobs_clock.jobs_tick", lambda *a, **kw: 0)
    return down, ticks


def _clock_records(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "games.ticker"]


def test_a_database_outage_is_told_once_and_its_end_too(database, caplog, settings) -> None:
    down, ticks = database
    caplog.set_level(logging.INFO, logger="games.ticker")
    stop = threading.Event()
    clock = threading.Thread(target=ticker._run, args=(0.005, stop), daemon=True)
    down.set()
    clock.start()
    try:
        assert _wait(lambda: ticks[0] >= 40), "the clock ticked on through the outage"
        failures = _clock_records(caplog)
        assert len(failures) == 1, f"{len(failures)} log records for one outage of {ticks[0]} ticks"
        assert failures[0].levelno == logging.ERROR and failures[0].exc_info, "the first says why, in full"
        down.clear()
        assert _wait(lambda: len(_clock_records(caplog)) == 2), "the clock said it ticks again"
        back = _clock_records(caplog)[1]
        assert back.levelno == logging.WARNING and "again" in back.getMessage()
        assert back.exc_info is None
        seen = ticks[0]
        assert _wait(lambda: ticks[0] >= seen + 20)
        assert len(_clock_records(caplog)) == 2, "working ticks say nothing"
        # A new outage is told anew.
        down.set()
        assert _wait(lambda: len(_clock_records(caplog)) == 3)
        assert _clock_records(caplog)[2].exc_info
    finally:
        stop.set()
        clock.join(10)
    assert not clock.is_alive()


def test_a_long_outage_is_told_again_once_a_minute_in_a_line(database, caplog, monkeypatch) -> None:
    down, ticks = database
    monkeypatch.setattr(ticker, "FAILING_TOLD_EVERY", 0.3)  # a minute, shortened
    caplog.set_level(logging.INFO, logger="games.ticker")
    stop = threading.Event()
    clock = threading.Thread(target=ticker._run, args=(0.005, stop), daemon=True)
    down.set()
    clock.start()
    try:
        assert _wait(lambda: len(_clock_records(caplog)) >= 2)
        started = time.monotonic()
        time.sleep(0.5)
    finally:
        stop.set()
        clock.join(10)
    records = _clock_records(caplog)
    assert records[0].exc_info and all(r.exc_info is None for r in records[1:])
    assert "still fail" in records[1].getMessage() and "Connection refused" in records[1].getMessage()
    assert len(records) <= 2 + int((time.monotonic() - started) / 0.3) + 1, len(records)
    assert ticks[0] > 3 * len(records)
