"""Closing a browser test's contexts (its pages, their sockets) when it ends."""

from __future__ import annotations

import contextlib

import pytest


def close_browser_contexts(node: pytest.Item) -> None:
    """Close every context of the test's ``browser`` fixture, if it has one."""
    browser = getattr(node, "funcargs", {}).get("browser")
    if browser is None:
        return
    from playwright.sync_api import Error as PlaywrightError

    for context in list(browser.contexts):
        with contextlib.suppress(PlaywrightError):
            context.close()
