"""Test-only task for the SIGKILL tests, loaded by their worker (``--include``): the turn expiry of
``games.turn_expire``, with the same task options, pausing inside its transaction (the move written,
not yet committed) the first time it runs, so the kill lands there."""

from __future__ import annotations

import os
import time
from pathlib import Path

from django.db import transaction

from games.services import turn_expire
from games.tasks import job


@job("tests.slow_turn_expire", soft_time_limit=110, time_limit=120)
def slow_turn_expire(*, deal_id: int, seq: int, marker: str) -> bool:
    with transaction.atomic():
        moved = turn_expire(deal_id=deal_id, seq=seq) is not None
        if moved and not Path(marker).exists():
            Path(marker).write_text(str(os.getpid()))
            time.sleep(100)
    return moved
