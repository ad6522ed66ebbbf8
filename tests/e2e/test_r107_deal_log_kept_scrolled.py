"""Review 107: the deal log scrolled back by its reader jumped to its newest line at every update.

Each update draws the table again, the log with it, and the page scrolled the new log to its end: a
player who scrolled the log up (a phone's finger, a wheel, keys) to read who bid what was thrown
back to the bottom by the next move of anybody, a bot's every 0.3 s, someone stepping away. Found
reading the log of a settled deal on a 360 x 640 phone while the table went on. A log read at its
end still follows its newest line."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from games.services.sessions import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _move, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def daphne_env() -> dict[str, str]:
    return {"TABLE_DEAL_PAUSE": "120"}  # the settled deal stays on the table while the test reads it


def _log(page: Page) -> dict:
    return page.evaluate(
        "() => { const l = document.getElementById('deal-log');"
        " return {top: l.scrollTop, room: l.scrollHeight - l.clientHeight}; }"
    )


def test_the_log_scrolled_back_stays_where_its_reader_left_it(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _login(browser, daphne_url, "vera", viewport={"width": 360, "height": 640}, has_touch=True)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    for _ in range(400):
        if page.locator(".settlement").count():
            break
        if not _move(page):
            page.wait_for_timeout(100)
    expect(page.locator(".settlement")).to_be_visible(timeout=20_000)
    log = _log(page)
    assert log["room"] > 40, log  # more lines than the log shows at once
    assert log["top"] >= log["room"] - 2, log  # opened at its newest line
    # He scrolls the log back to its first lines, then steps away: the table is drawn again.
    page.evaluate("document.getElementById('deal-log').scrollTop = 0")
    seq = page.locator("#table-live").get_attribute("data-seq")
    page.locator("#away-button").click()
    expect(page.locator("#back-button")).to_be_visible()
    assert page.locator("#table-live").get_attribute("data-seq") == seq  # the same deal, same move
    assert _log(page)["top"] == 0
    # Scrolled back to its end, it follows the newest line again.
    page.evaluate("const l = document.getElementById('deal-log'); l.scrollTop = l.scrollHeight")
    page.locator("#back-button").click()
    expect(page.locator("#away-button")).to_be_visible()
    log = _log(page)
    assert log["top"] >= log["room"] - 2, log
