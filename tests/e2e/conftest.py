"""Browser tests: Playwright drives Debian's chromium (/usr/bin/chromium) against pytest-django's
live_server."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Playwright's sync API runs an event loop in the main thread from the first browser test until
    the session ends, and Django refuses ORM calls under a running loop (fixtures, assertions, the
    test database's teardown). The browser tests run last (tests/conftest.py), so from the first of
    them on the check is off; every other test ran with it."""
    if "e2e" in item.keywords:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Under CI the browser tests must run: a missing chromium fails them instead of skipping them.
    if CHROMIUM.exists() or os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing (apt-get install -y chromium)")
    for item in items:
        if "e2e" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    # pytest-playwright's --browser-channel does not find Debian's chromium: point at it directly.
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture(autouse=True)
def _plain_cache(settings) -> None:
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


@pytest.fixture
def daphne_args() -> list[str]:
    """More options for the daphne of ``daphne_server.daphne_url`` (a test module may override it)."""
    return []


@pytest.fixture
def daphne_env() -> dict[str, str]:
    """More environment for the daphne of ``daphne_server.daphne_url``, over its own (a test module
    may override it: a longer pause between deals, say)."""
    return {}
