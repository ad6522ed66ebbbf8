"""A click that an update splits in two.

A click is a press and a release on one element. The live table re-renders on every update (any
player's move, somebody opening the table), so an update that lands while the mouse button is down
replaced the pressed button with its twin, and the browser clicked nothing: "Sit down" did nothing,
one time in a few when a second tab or a spectator had just opened the table (a browser test failed
in CI that way). The release on the twin now clicks it, if the update left the control as it was."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from playwright.sync_api import Browser, Page, expect

from games.models import Seat
from games.services import table_sit

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_review15_own_string import _waiting_table
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

_COUNT_FRAMES = """() => {
  window.khrapFrames = 0;
  document.addEventListener("htmx:wsAfterMessage", () => { window.khrapFrames += 1; });
  window.khrapPressed = document.getElementById("sit-1");
}"""


_UNDER_THE_MOUSE = """([x, y]) => {
  const under = document.elementFromPoint(x, y);
  return under !== null && under.closest("#sit-1") === window.khrapPressed;
}"""


def _press_sit(page: Page) -> None:
    # A frame may still land just after the first picture (the player's own arrival told to the
    # table): the button is measured again until the one marked is the one under the mouse.
    for _ in range(100):
        page.evaluate(_COUNT_FRAMES)
        box = page.locator("#sit-1").bounding_box()
        if box is not None:
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            page.mouse.move(x, y)
            if page.evaluate(_UNDER_THE_MOUSE, [x, y]):
                break
        page.wait_for_timeout(50)
    else:
        raise AssertionError("the Sit button never stood still")
    page.mouse.down()


def _after_an_update(page: Page) -> None:
    # Polled from here: wait_for_function evaluates a string, which the page's CSP refuses.
    for _ in range(200):
        if page.evaluate("window.khrapFrames > 0"):
            break
        page.wait_for_timeout(50)
    # The button pressed is gone: the release lands on its twin.
    assert page.evaluate("!window.khrapPressed.isConnected")


def test_a_release_after_an_update_still_sits(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, users = _club_with_players(["vera", "gleb"])
    table = _waiting_table(club, buy_in_min=10, buy_in_max=100)
    url = f"{daphne_url}/tables/{table.pk}/"
    vera = _login(browser, daphne_url, users[0].username)
    _open_table(vera, url)
    _press_sit(vera)
    _open_table(_login(browser, daphne_url, users[1].username), url)  # one more watching: an update
    _after_an_update(vera)
    vera.mouse.up()
    expect(vera.locator("#seat-1")).to_contain_text("Vera")
    assert Seat.objects.filter(session=table, position=0, member__user=users[0]).exists()


def test_a_release_on_a_changed_table_does_nothing(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, users = _club_with_players(["vera", "gleb"])
    table = _waiting_table(club, buy_in_min=10, buy_in_max=100)
    vera = _login(browser, daphne_url, users[0].username)
    _open_table(vera, f"{daphne_url}/tables/{table.pk}/")
    _press_sit(vera)

    # Gleb takes that seat meanwhile (from a thread of its own: this one runs Playwright's event
    # loop, and the update is not sent from a thread running one).
    def gleb_sits() -> None:
        table_sit(session_id=table.pk, user=users[1], position=0, buy_in=10)
        connection.close()

    sitting = threading.Thread(target=gleb_sits)
    sitting.start()
    sitting.join()
    _after_an_update(vera)
    vera.mouse.up()
    vera.wait_for_timeout(500)
    expect(vera.locator("#seat-1")).to_contain_text("Gleb")
    expect(vera.locator("#table-error")).to_be_hidden()
    assert not Seat.objects.filter(session=table, member__user=users[0]).exists()
