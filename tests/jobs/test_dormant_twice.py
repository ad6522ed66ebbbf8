"""Two runs of the nightly dormant mark at once (two ticker processes at 03:07, a task delivered again
while the first delivery still runs) mark and log each member once (review 13)."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from club import services as club_services
from club.models import AuditLog, Club, Membership
from games import jobs_inactivity
from games.jobs_inactivity import members_mark_dormant


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_runs_at_once_mark_and_log_each_member_once(make_user, make_club, owner, monkeypatch):
    assert connection.vendor == "postgresql"
    club: Club = make_club(owner, "Sleepy Club")
    for n in range(5):
        club_services.membership_join(club=club, user=make_user(f"sleepy{n}"))
    Membership.objects.filter(club=club, user__username__startswith="sleepy").update(
        created_at=timezone.now() - timedelta(days=200)
    )
    AuditLog.objects.filter(club=club).update(created_at=timezone.now() - timedelta(days=200))
    write = jobs_inactivity.audit_log_write

    def slow_write(**kwargs):  # the first run's transaction stays open while the second reads
        time.sleep(0.5)
        return write(**kwargs)

    monkeypatch.setattr(jobs_inactivity, "audit_log_write", slow_write)
    barrier = threading.Barrier(2, timeout=30)
    results: list[dict] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            barrier.wait()
            results.append(members_mark_dormant())
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, daemon=True) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    assert sorted(r["marked"] for r in results) == [0, 5], results
    assert AuditLog.objects.filter(action="membership.dormant", club=club).count() == 1
