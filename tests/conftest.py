"""Suite-wide settings: what the run used (database, channel layer, browser), printed in the header
and the summary so a CI log shows it."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from tests.browser_contexts import close_browser_contexts


def pytest_configure(config: pytest.Config) -> None:
    from tests import fast_flush

    fast_flush.install()


def pytest_report_header(config: pytest.Config) -> list[str]:
    from django.conf import settings

    db = settings.DATABASES["default"]
    layer = settings.CHANNEL_LAYERS["default"]["BACKEND"].rsplit(".", 1)[-1]
    return [
        f"khrap: database {db['ENGINE'].rsplit('.', 1)[-1]} ({db.get('HOST') or db['NAME']}), "
        f"channel layer {layer}, "
        f"celery {'eager (in-process)' if settings.CELERY_TASK_ALWAYS_EAGER else 'broker'}",
    ]


_outcomes: Counter[str] = Counter()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser tests last: Playwright keeps an event loop running in the main thread for the rest of
    the session, and Django refuses synchronous database calls under a running loop."""
    items.sort(key=lambda item: "e2e" in item.keywords)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call" and "e2e" in report.keywords:
        _outcomes[report.outcome] += 1


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    from django.conf import settings
    from django.db import connection

    terminalreporter.write_line(
        f"khrap: tests ran on {connection.vendor} with {settings.CHANNEL_LAYERS['default']['BACKEND']}; "
        f"browser tests (chromium): {dict(_outcomes) or 'none ran'}"
    )


@pytest.fixture(autouse=True)
def _browser_contexts_closed(request: pytest.FixtureRequest):
    """A browser test's contexts are closed after it: most open theirs by hand and left them open,
    and each kept a renderer for the rest of the run (91 at once, measured), its table page ticking
    and reconnecting to a server long gone, on the CPU the other streams share."""
    yield
    close_browser_contexts(request.node)


@pytest.fixture(autouse=True)
def _no_real_email(settings) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture(autouse=True)
def _no_schedule_backoff():
    """A table's failed transition waits before its next try, per process: one test's failure must
    not hold back another test's table that happens to get the same id."""
    from games.services.schedule import schedule_failures

    schedule_failures.clear()
    yield
    schedule_failures.clear()


@pytest.fixture(autouse=True)
def _default_language():
    """A request in Russian leaves Russian active in the thread; each test starts from the default."""
    from django.utils import translation

    yield
    translation.deactivate()


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


# --- Generic factories (users and clubs) -------------------------------------------------------------

TEST_PASSWORD = "a-Long-enough-pass-42"


_password_hash: list[str] = []


def hashed_test_password() -> str:
    """TEST_PASSWORD hashed once per run with the site's own hasher (argon2): hashing it again for
    every user made each fixture cost a tenth of a second."""
    if not _password_hash:
        from django.contrib.auth.hashers import make_password

        _password_hash.append(make_password(TEST_PASSWORD))
    return _password_hash[0]


@pytest.fixture
def make_user(db):
    """make_user("anna") -> a saved User with password TEST_PASSWORD."""
    from club.models import User

    def make(username: str, **extra):
        extra.setdefault("email", f"{username}@example.org")
        user = User.objects.create_user(username=username, password=None, **extra)
        user.password = hashed_test_password()
        user.save(update_fields=["password"])
        return user

    return make


@pytest.fixture
def make_club(db):
    """make_club(owner, "Name", join_policy="open") -> a Club made by the service (owner membership too)."""
    from club import services

    def make(owner, name: str = "Test Club", join_policy: str = "open", description: str = ""):
        return services.club_create(user=owner, name=name, join_policy=join_policy, description=description)

    return make


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None) -> None:
    """On SQLite the test database is a file, not memory, so a server started by a test (a real
    daphne for the live-table browser tests) can open it too."""
    import tempfile
    from pathlib import Path

    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3") and not (db.get("TEST") or {}).get("NAME"):
        name = Path(tempfile.gettempdir()) / f"khrap-test-{os.getpid()}.sqlite3"
        db.setdefault("TEST", {})["NAME"] = str(name)


class _TestDraws:
    """Stands in for ``secrets`` where the site deals: the draws come from the test's own name."""

    def __init__(self, name: str) -> None:
        self._rng = random.Random(name)

    def token_bytes(self, n: int = 32) -> bytes:
        return self._rng.randbytes(n)

    def randbelow(self, n: int) -> int:
        return self._rng.randrange(n)


@pytest.fixture(autouse=True)
def _reproducible_decks(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test's decks and first dealers come from its name, so a deal shape that breaks a test
    breaks it on every run, not one run in thirty (CI failed on such a shape twice). The seeds stay
    secret to the page and the fairness scheme is unchanged; the engine's own property tests draw
    decks of their own. KHRAP_TEST_RANDOM_DECKS=1 deals from ``secrets`` as the site does, to hunt
    shapes the fixed ones miss."""
    if os.environ.get("KHRAP_TEST_RANDOM_DECKS") == "1":
        return
    monkeypatch.setattr("games.services.dealing.secrets", _TestDraws(request.node.nodeid))
