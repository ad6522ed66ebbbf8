"""Review 52: a job about a table that is not there (its message outlived it, or was sent with a wrong
id) ends with a line in the log, as one about a deal that is not there does. The next deal's task
failed instead, and was kept as a failed job whose error read only "ServiceError: "."""

from __future__ import annotations

import logging

from games.models import JobFailure
from games.tasks import deal_if_due_job, stats_count_job, turn_expire_job


def test_jobs_about_a_table_or_deal_that_is_not_there_end_cleanly(db, caplog):
    caplog.set_level(logging.INFO, logger="games.tasks")
    dealt = deal_if_due_job.apply(kwargs={"session_id": 987654}, throw=False)
    assert dealt.successful() and dealt.get() is False
    assert "987654" in caplog.text
    assert turn_expire_job.apply(kwargs={"deal_id": 987654, "seq": 3}).get() == "nothing"
    assert stats_count_job.apply(kwargs={"deal_id": 987654}).get() is False
    assert not JobFailure.objects.exists()
