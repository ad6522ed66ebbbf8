"""Review 76: the language switch after keys that changed nothing. A reader pressed Down and Up on it
(back to his own language), then picked English from the list with the mouse: nothing happened, the
page stayed Russian until he clicked somewhere else, because the list was still marked as chosen by
keys. A pick without a key down is a click's, and switches at once, whatever keys came before."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .test_r74_language_switch_keyboard import _russian_page, _sent

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_mouse_pick_after_arrows_switches_at_once(live_server, browser: Browser) -> None:
    page = _russian_page(browser, live_server.url)
    switch = page.get_by_label("Язык")
    switch.focus()
    page.keyboard.press("ArrowDown")  # Български
    page.keyboard.press("ArrowUp")  # Русский again: nothing chosen
    switch.select_option("en")  # the list opened with the mouse, English clicked (no key down)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert _sent(page) == ["en"]
