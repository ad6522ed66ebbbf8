"""Test-only task of review 52, loaded by its worker (``--include``): a table's job that overruns its
hard time limit (it does not stop at the soft one), so the worker kills its process and records the
failure."""

from __future__ import annotations

import time

from celery.exceptions import SoftTimeLimitExceeded

from games.tasks import job


@job("tests.r52_overrun", soft_time_limit=1, time_limit=2, max_retries=0)
def overrun(*, session_id: int) -> None:
    try:
        time.sleep(30)
    except SoftTimeLimitExceeded:
        time.sleep(30)
