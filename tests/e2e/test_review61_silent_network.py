"""Review 61: a table socket can die with the tab in sight (a router restarted, a network changed
under the laptop, a phone moved from Wi-Fi to mobile data): the browser closes nothing and says
nothing, and the page only looked again when the tab came back in sight (review 43). A player
watching his table saw it stand still, his clock at 0 and no banner, while the clock played for him
and marked him away. A turn clock that ran out is a move the table owes: when nothing comes a few
seconds after it, the page asks the table for its picture, and connects again if none comes."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from games.models import Deal, TableSession
from games.services import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_review43_dead_socket import _sockets_that_can_die
from .test_review43_offline import _my_turn
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_socket_dead_in_a_tab_in_sight_is_found_once_a_clock_runs_out(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    TableSession.objects.filter(pk=table.pk).update(turn_seconds=5)
    page = _login(browser, daphne_url, "vera")
    relays = _sockets_that_can_die(page)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    _my_turn(page)
    live = page.locator("#table-live")
    deal, seq = live.get_attribute("data-deal-number"), live.get_attribute("data-seq")

    relays[-1]["alive"] = False  # the network goes, silently: the tab stays in sight
    for _ in range(400):  # her clock runs out (5 s), the table moves for her, the page must notice
        if len(relays) > 1:
            break
        page.wait_for_timeout(100)
    assert len(relays) > 1, "the page never found its socket dead, though the clock had run out"
    expect(page.locator("#table-banner")).to_be_hidden(timeout=10_000)
    # The table as it is now: her turn was played by the clock while nothing reached the page.
    expect(live).not_to_have_attribute("data-seq", seq or "", timeout=10_000)
    assert Deal.objects.get(session=table, number=int(deal or 0)).seq > int(seq or 0)
    expect(page.locator("#back-button")).to_be_visible()  # she is told she is away, and can come back


def test_a_move_sent_into_a_dead_socket_finds_it_dead(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    """Her move went into the dead socket: no answer came, the form came back a few seconds later,
    and a second click went nowhere either. The page now looks for the table when a move it sent is
    not answered within a few seconds, long before her clock (a minute) runs out."""
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    TableSession.objects.filter(pk=table.pk).update(turn_seconds=120)
    page = _login(browser, daphne_url, "vera")
    relays = _sockets_that_can_die(page)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    _my_turn(page)
    live = page.locator("#table-live")
    deal, seq = live.get_attribute("data-deal-number"), live.get_attribute("data-seq")
    moves = live.locator(".bids button[data-key], .card-button, .my-hand button")
    expect(moves.first).to_be_visible()

    relays[-1]["alive"] = False
    moves.first.click()
    for _ in range(300):
        if len(relays) > 1:
            break
        page.wait_for_timeout(100)
    assert len(relays) > 1, "the page never found its socket dead, though its move had no answer"
    expect(page.locator("#table-banner")).to_be_hidden(timeout=10_000)
    # The move never reached the table: her turn is still there to be played, on the table as it is.
    assert Deal.objects.get(session=table, number=int(deal or 0)).seq == int(seq or 0)
    expect(live).to_have_attribute("data-seq", seq or "")
    expect(live).to_have_attribute("data-my-turn", "1")
