"""A table of three nobody plays at yet, and the closes its page's socket sees: the browser tests of
how the table page meets a socket the server closes share them."""

from __future__ import annotations

from playwright.sync_api import Page

from games.services import table_session_create

_CLOSES = """() => {
  window.khrapCloses = [];
  document.addEventListener("htmx:wsClose", (e) => { window.khrapCloses.push(e.detail.event.code); });
}"""


def quiet_table(club, title: str = "Quiet table"):
    return table_session_create(
        club=club,
        actor=club.created_by,
        title=title,
        preset="classic",
        stake=5,
        seat_count=3,
        buy_in_min=100,
        buy_in_max=300,
        turn_seconds=30,
    )


def watch_closes(page: Page) -> None:
    """From now on the page counts its socket's closes (``closes_seen``)."""
    page.evaluate(_CLOSES)


def closes_seen(page: Page, tries: int = 100) -> list[int]:
    """The close codes the page's socket has seen, once there is one (polled from here:
    wait_for_function evaluates a string, which the page's CSP refuses)."""
    for _ in range(tries):
        if page.evaluate("() => window.khrapCloses"):
            break
        page.wait_for_timeout(100)
    return page.evaluate("() => window.khrapCloses")
