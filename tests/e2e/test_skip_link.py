"""A keyboard user tabbed through the header (name, four or five links, log-out, language) on every
page before reaching its content: the first Tab stop is a "Skip to the content" link, shown while it
has the focus, that moves the focus to the page's main part."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("language", "words"), [("en", "Skip to the content"), ("ru", "Перейти к содержимому")]
)
def test_the_first_tab_stop_skips_the_header(
    live_server, browser: Browser, language: str, words: str
) -> None:
    page = browser.new_context(locale=language, extra_http_headers={"Accept-Language": language}).new_page()
    page.goto(f"{live_server.url}/rules/")
    skip = page.get_by_role("link", name=words)
    box = skip.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 0  # out of sight until it is needed
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    box = skip.bounding_box()
    assert box is not None and box["x"] >= 0 and box["y"] >= 0  # seen once it has the focus
    page.keyboard.press("Enter")
    expect(page.locator("main#main")).to_be_focused()
    page.keyboard.press("Tab")
    # The next stop is in the page's own content (the rules), not the header.
    assert page.evaluate("document.activeElement.closest('main') !== null")
    assert page.evaluate("document.activeElement.closest('header') === null")
