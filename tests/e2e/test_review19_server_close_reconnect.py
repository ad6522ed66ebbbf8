"""A socket daphne itself closes after ``--websocket_timeout`` (a day by default): code 1000, a
normal closure, which htmx's ws extension does not answer by connecting again (it does so after
1006, 1011, 1012 and 1013 only). A table left open for a day went dead under "The connection to the
table was lost: reconnecting…", and stayed so. The page connects again after any close the table
did not mean as a refusal."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .quiet_table import closes_seen, quiet_table, watch_closes
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

@pytest.fixture
def daphne_args() -> list[str]:
    # Long enough that the reconnected socket outlives the seat taken through it on a loaded
    # machine (at 6 s the second close could come while the click was on its way).
    return ["--websocket_timeout", "10"]


def test_the_table_connects_again_after_the_server_closes_an_old_socket(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, (vera,) = _club_with_players(["vera"])
    table = quiet_table(club, "All day")
    page = _login(browser, daphne_url, vera.username)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    watch_closes(page)
    assert closes_seen(page, 250)[:1] == [1000]
    expect(page.locator("#table-banner")).to_be_hidden(timeout=3_000)
    page.locator("#sit-1").click()
    expect(page.locator(".seat-controls").get_by_role("button", name="Leave the table")).to_be_visible(
        timeout=3_000
    )
