"""Review 23: a double click on a bid (or on "Sit down") sent the move twice. The first went
through; the second, made on the same picture, was refused, and the player read in red "the table
moved on while your move was on its way; look again and make your move" (or "You already sit at this
table") about a move that had been made. A form already sent from the picture on the screen is not
sent again until the table answers."""

from __future__ import annotations

import contextlib
import json

import pytest
from playwright.sync_api import Browser, Page, expect

from games.services import practice_table_open, table_session_create

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _record_sent(page: Page) -> list[dict]:
    sent: list[dict] = []

    def on_socket(ws) -> None:
        def on_frame(payload) -> None:
            with contextlib.suppress(TypeError, ValueError):
                sent.append(json.loads(payload))

        ws.on("framesent", on_frame)

    page.on("websocket", on_socket)
    return sent


def test_a_double_clicked_bid_is_sent_once(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    page = _login(browser, daphne_url, "vera")
    sent = _record_sent(page)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    live = page.locator("#table-live")
    # Vera's first turn to bid (a bot's bid may end a deal before her turn: the next deal then).
    for _ in range(600):
        if live.get_attribute("data-my-turn") == "1" and live.locator(".bids button[data-key]").count():
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError("Vera was never asked to bid")
    before = live.get_attribute("data-seq")
    button = live.locator(".bids button[data-key]").last
    what = button.get_attribute("data-key")
    button.dblclick()
    expect(live).not_to_have_attribute("data-seq", before or "", timeout=15_000)
    bids = [m for m in sent if m.get("do") == what and m.get("seq") == before]
    assert len(bids) == 1, sent
    expect(page.locator("#table-error")).to_be_hidden()


def test_a_double_clicked_sit_down_is_sent_once(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, _users = _club_with_players(["vera"])
    table = table_session_create(
        club=club,
        actor=club.created_by,
        title="Sit once",
        preset="classic",
        stake=5,
        seat_count=4,
        min_players=4,
        buy_in_min=100,
        buy_in_max=3000,
        turn_seconds=60,
    )
    page = _login(browser, daphne_url, "vera")
    sent = _record_sent(page)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    page.locator("#seat-1 input[name=buy_in]").fill("200")
    page.locator("#sit-1").dblclick()
    expect(page.locator(".seat-controls").get_by_role("button", name="Leave the table")).to_be_visible()
    assert [m.get("do") for m in sent].count("sit") == 1, sent
    expect(page.locator("#table-error")).to_be_hidden()
    # Refused by the server, the form may be sent again at once: a buy-in beyond the wallet (1,000
    # chips), then one it holds. Refused by the browser (beyond the table's limit), the same.
    page.get_by_role("button", name="Leave the table").click()
    expect(page.locator("#sit-1")).to_be_visible()
    page.locator("#seat-1 input[name=buy_in]").fill("2000")
    page.locator("#sit-1").click()
    expect(page.locator("#table-error")).to_be_visible()
    page.locator("#seat-1 input[name=buy_in]").fill("5000")
    page.locator("#sit-1").click()
    page.locator("#seat-1 input[name=buy_in]").fill("200")
    page.locator("#sit-1").click()
    expect(page.locator(".seat-controls").get_by_role("button", name="Leave the table")).to_be_visible()


def test_a_picture_of_the_same_position_between_the_two_clicks_does_not_send_it_twice(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    """The form marked sent was replaced by a picture of the same position (someone came or went, the
    seed's string taken) between the two clicks of a double click: the fresh form sent the bid again
    (a CI run). Here the table's answers are held while she clicks, the same picture is drawn again
    between the clicks, and only then do the answers go through."""
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    page = _login(browser, daphne_url, "vera")
    sent = _record_sent(page)
    held: dict = {"on": False, "frames": []}

    def relay(ws) -> None:
        server = ws.connect_to_server()
        ws.on_message(lambda m: server.send(m))
        server.on_message(lambda m: held["frames"].append((ws, m)) if held["on"] else ws.send(m))

    page.route_web_socket("**/ws/table/**", relay)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    live = page.locator("#table-live")
    for _ in range(600):
        if live.get_attribute("data-my-turn") == "1" and live.locator(".bids button[data-key]").count():
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError("Vera was never asked to bid")
    before = live.get_attribute("data-seq")
    button = live.locator(".bids button[data-key]").last
    what = button.get_attribute("data-key")
    held["on"] = True
    button.click()
    # The same position drawn again, as the socket's next frame of it would be (htmx swaps it in).
    page.evaluate(
        """() => {
          const live = document.getElementById("table-live");
          const html = live.outerHTML.replace(/ data-sent="1"/g, "");
          htmx.swap(live, html, {swapStyle: "outerHTML"});
          document.dispatchEvent(new CustomEvent("htmx:wsAfterMessage"));
        }"""
    )
    live.locator(f'.bids button[data-key="{what}"]').click()
    page.wait_for_timeout(300)  # a second sending, if any, has left
    held["on"] = False
    for ws, message in held["frames"]:
        ws.send(message)
    expect(live).not_to_have_attribute("data-seq", before or "", timeout=15_000)
    bids = [m for m in sent if m.get("do") == what and m.get("seq") == before]
    assert len(bids) == 1, sent
