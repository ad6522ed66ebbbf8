"""Review 94: Redis gives a message a worker took but has not acknowledged (``acks_late``) to
another worker after the broker's visibility timeout, an hour. A nightly job runs up to its hard
time limit (32 minutes for the reconciliation, the statistics and the collusion scan) and the
nightly worker holds the next one it took while the first runs: past the hour that one was
delivered again, and ran twice (the whole books read twice, a nightly scan beside itself). The
timeout is now six hours, above the longest hold, and `manage.py check` refuses one at or below it."""

from __future__ import annotations

from django.conf import settings

from club.checks import nightly_hold_seconds, visibility_outlasts_nightly_jobs


def test_the_default_visibility_timeout_outlasts_the_nightly_jobs() -> None:
    hold = nightly_hold_seconds()
    # Every nightly job one after another at its hard time limit: the reconciliation alone is 1,900 s.
    assert hold >= 1900 * 3 + 660
    assert settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] > hold


def test_the_check_refuses_an_hour(settings) -> None:
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:6379/11"
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {**options, "visibility_timeout": 3600}  # the old default
    errors = visibility_outlasts_nightly_jobs()
    assert [e.id for e in errors] == ["club.E001"], errors
    assert "runs twice" in errors[0].msg
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {
        **settings.CELERY_BROKER_TRANSPORT_OPTIONS,
        "visibility_timeout": nightly_hold_seconds() + 1,
    }
    assert visibility_outlasts_nightly_jobs() == []
