"""Review 74: the language switch by keyboard. It sent itself at every change of its choice, and an
arrow key changes a closed list's choice at once in Chromium: a Russian reader who tabbed to it and
pressed Down to hear the next language found the whole site reloaded in Bulgarian, his focus thrown
to the top of the page, and could never reach English (the third) with the arrows. The arrows now
only choose; Enter, or leaving the list, switches. A click on the open list switches at once."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


#: Each language the switch is sent with, kept across the page loads it causes.
RECORD_SENDS = """(() => {
  const send = HTMLFormElement.prototype.submit;
  HTMLFormElement.prototype.submit = function () {
    const sent = JSON.parse(sessionStorage.getItem("sent") || "[]");
    sent.push(this.elements.language ? this.elements.language.value : "?");
    sessionStorage.setItem("sent", JSON.stringify(sent));
    return send.call(this);
  };
})()"""


def _russian_page(browser: Browser, base: str) -> Page:
    page = browser.new_context().new_page()
    page.context.add_cookies([{"name": "django_language", "value": "ru", "url": base}])
    page.add_init_script(RECORD_SENDS)
    page.goto(f"{base}/rules/")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    return page


def _sent(page: Page) -> list[str]:
    return page.evaluate('JSON.parse(sessionStorage.getItem("sent") || "[]")')


def test_arrows_choose_a_language_and_enter_switches_to_it(live_server, browser: Browser) -> None:
    page = _russian_page(browser, live_server.url)
    page.get_by_label("Язык").focus()
    page.keyboard.press("ArrowDown")  # Български
    page.keyboard.press("ArrowDown")  # English
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert _sent(page) == ["en"]  # never Bulgarian on the way
    assert page.url.endswith("/rules/")


def test_a_language_chosen_by_arrows_is_switched_to_on_leaving_the_list(
    live_server, browser: Browser
) -> None:
    page = _russian_page(browser, live_server.url)
    page.get_by_label("Язык").focus()
    page.keyboard.press("ArrowDown")  # Български
    page.keyboard.press("Tab")
    expect(page.locator("html")).to_have_attribute("lang", "bg")
    assert _sent(page) == ["bg"]


def test_a_language_picked_with_the_mouse_switches_at_once(live_server, browser: Browser) -> None:
    page = _russian_page(browser, live_server.url)
    page.get_by_label("Язык").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
