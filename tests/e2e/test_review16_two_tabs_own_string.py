"""Two tabs of one player at one table, and the Fairness page's word on his own string.

Each tab of a seated player sends a random string for the next deal; the server keeps the first to
arrive and refuses the other. Both tabs wrote theirs to the browser's storage under the deal's
commitment, the later write replacing the earlier, and the later one was often the refused string:
the Fairness page then told the player that his string was not among the deal's strings ("the
server left it out") of a deal that was dealt fairly (review 16). The browser now keeps every string
it sent for a deal, and the page finds the player's among them."""

from __future__ import annotations

import secrets

import pytest
from playwright.sync_api import Browser, expect

from games.engine.shuffle import commitment
from games.models import TableSession

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_review15_own_string import _own_strings, _scenario, _string_sent, _waiting_table
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_two_tabs_at_a_table_keep_the_string_the_server_kept(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, users = _club_with_players(["vera", "gleb"])
    first = _login(browser, daphne_url, users[0].username)
    second = first.context.new_page()
    # Several tables: which tab's string reaches the server first is a race, so one table could
    # pass on the old code by luck.
    for n in range(4):
        table = _waiting_table(club, f"Waiting table {n}", buy_in_min=10, buy_in_max=100)
        url = f"{daphne_url}/tables/{table.pk}/"
        _open_table(first, url)
        _open_table(second, url)
        first.locator("#seat-1 input[name=buy_in]").fill("20")
        first.locator("#sit-1").click()
        sent = _string_sent(table)
        first.wait_for_timeout(500)  # both tabs have sent and written theirs
        promised = TableSession.objects.get(pk=table.pk).next_commitment
        # A write by the other tab reaches this tab's view of the storage a moment later: on a
        # loaded machine half a second may not be enough, so look again for a while.
        for _ in range(100):
            kept = _own_strings(first).get(promised) or []
            if sent.value in kept:
                break
            first.wait_for_timeout(100)
        assert sent.value in kept, (n, sent.value, kept)
        # The tab whose string was refused says nothing of it: the player sent nothing himself.
        for page in (first, second):
            expect(page.locator("#table-error")).to_be_hidden()


def test_the_refused_second_string_is_no_error_to_the_player(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, users = _club_with_players(["vera", "gleb"])
    first = _login(browser, daphne_url, users[0].username)
    second = first.context.new_page()
    table = _waiting_table(club, buy_in_min=10, buy_in_max=100)
    url = f"{daphne_url}/tables/{table.pk}/"
    _open_table(first, url)
    _open_table(second, url)
    first.locator("#seat-1 input[name=buy_in]").fill("20")
    first.locator("#sit-1").click()
    expect(second.locator("#seat-1")).to_contain_text("vera", ignore_case=True)
    second.wait_for_timeout(700)  # both tabs have sent their strings and one was refused
    for page in (first, second):
        expect(page.locator("#table-error")).to_be_hidden()


def test_the_fairness_page_finds_the_players_string_among_those_two_tabs_sent(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    _club, users = _club_with_players(["vera"])
    page = _login(browser, daphne_url, users[0].username)
    page.goto(f"{daphne_url}/fairness/")
    seed = secrets.token_bytes(32)
    page.evaluate(
        "([c, v]) => localStorage.setItem('khrap-own-strings', JSON.stringify({[c]: v}))",
        [commitment(seed), ["refused-4567", "mine-0123"]],
    )
    page.reload()
    box = page.locator("#verify-result")
    page.locator("#verify-input").fill(_scenario(seed, ["theirs-1", "mine-0123"]))
    page.locator("#verify-button").click()
    expect(box).to_contain_text("is among the strings")
    expect(box).not_to_have_class("notice error")
    page.locator("#verify-input").fill(_scenario(seed, ["theirs-1", "replaced"]))
    page.locator("#verify-button").click()
    expect(box).to_contain_text("is not among the strings")
    expect(box).to_have_class("notice error")
