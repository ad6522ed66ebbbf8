"""Keyboard play at a real table: digits pick and play cards, Enter confirms, letters say the bids."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

from games.engine import Action, legal_actions
from games.models import Deal, DealAction
from games.services import dealing, table_act, table_session_create, table_sit

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _table(names):
    club, users = _club_with_players(names)
    table = table_session_create(
        club=club,
        actor=club.created_by,
        title="Keys",
        preset="classic",
        stake=5,
        seat_count=len(users),
        min_players=len(users),
        buy_in_min=100,
        buy_in_max=300,
        turn_seconds=600,
    )
    for position, user in enumerate(users):
        table_sit(session_id=table.pk, user=user, position=position, buy_in=200)
    return table, users


def _running(table, tries: int = 100) -> Deal:
    """The deal the server's clock starts (a moment after the last player sits)."""
    for _ in range(tries):
        deal = Deal.objects.filter(session=table, finished_at__isnull=True).first()
        if deal is not None:
            return deal
        time.sleep(0.1)
    raise AssertionError("no deal started")


def test_letters_bid_and_digits_then_enter_exchange(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    table, _users = _table(["vera", "gleb", "dasha"])
    deal = _running(table)
    people = {i: s.member.user for i, s in enumerate(dealing.deal_players(deal))}
    state = dealing.deal_state(deal)
    first = people[state.queue[0]]
    page = _login(browser, daphne_url, first.username)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    expect(page.locator("#table-live")).to_have_attribute("data-my-turn", "1")
    page.keyboard.press("s")  # S: snore
    expect(page.locator("#table-live")).to_have_attribute("data-seq", "1", timeout=10_000)
    assert DealAction.objects.get(deal=deal, seq=1).action == {"do": "snore"}
    # Through the services: the next player helps (a lone snorer would not exchange), the others
    # pass; then the snorer is asked to exchange.
    helped = False
    for _ in range(10):
        deal.refresh_from_db()
        state = dealing.deal_state(deal)
        if state.need == "exchange" and people[state.queue[0]] == first:
            break
        seat = state.queue[0]
        offered = {a.do for a in legal_actions(state, seat)}
        move = "help" if not helped and "help" in offered else "pass"
        helped = helped or move == "help"
        table_act(session_id=table.pk, user=people[seat], action=Action(move), expected_seq=deal.seq)
    else:
        raise AssertionError("the snorer was never asked to exchange")
    # Moves made here, in the test's process, reach the server's sockets only through a shared
    # channel layer (Redis); with the in-memory one the page learns them on reload.
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    expect(page.locator("form.choose-cards")).to_be_visible(timeout=10_000)
    seq = deal.seq
    page.keyboard.press("1")
    expect(page.locator("form.choose-cards input[name=cards]:checked")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(page.locator("#table-live")).not_to_have_attribute("data-seq", str(seq), timeout=10_000)
    exchange = DealAction.objects.get(deal=deal, seq=seq + 1)
    assert exchange.action["do"] == "exchange" and len(exchange.action["cards"]) == 1


def test_a_link_with_a_long_fragment_still_lets_the_player_move(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    """htmx's socket messages carried the page's whole address (``HX-Current-URL``): a link with a
    6,000-character #fragment made every move too long for the server, and each try closed a socket."""
    table, _users = _table(["vera", "gleb", "dasha"])
    deal = _running(table)
    people = {i: s.member.user for i, s in enumerate(dealing.deal_players(deal))}
    first = people[dealing.deal_state(deal).queue[0]]
    page = _login(browser, daphne_url, first.username)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/#{'A' * 6000}")
    expect(page.locator("#table-live")).to_have_attribute("data-my-turn", "1")
    page.keyboard.press("s")
    expect(page.locator("#table-live")).to_have_attribute("data-seq", "1", timeout=10_000)
    assert DealAction.objects.get(deal=deal, seq=1).action == {"do": "snore"}
