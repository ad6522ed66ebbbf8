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


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    """Playwright's sync API runs an event loop in the test thread; Django would otherwise refuse the
    ORM calls made there (fixtures, assertions). Allowed for the browser tests only, so the rest of the
    suite (and `manage.py check --deploy` run from it) keeps Django's async-safety check."""
    if "e2e" not in item.keywords:  # this hook is global, not per directory
        return (yield)
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        return (yield)
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


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
