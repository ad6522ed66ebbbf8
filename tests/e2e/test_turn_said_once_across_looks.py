"""Blind play (Frap): a player may look at his own cards at any time, out of turn, and a look moves
the table's position but not the turn, nor its clock. A screen reader user waiting on his own turn
heard "your turn, time left 57s" again at each other player's look (and in the last ten seconds the
warning twice), as if a new turn had begun. His turn is said once; the look itself is said."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from playwright.sync_api import Browser, expect

from games.engine import to_act
from games.engine.actions import LOOK, PASS
from games.engine.legal import can_look
from games.models import Seat
from games.services import dealing, table_act, table_session_create, table_sit

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_r81_turn_clock import KEEP_SAID, _said_at_last
from .test_review43_offline import _my_turn
from .test_table_keyboard import _running
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _by_another_thread(move) -> None:
    """A move made here reaches the server's sockets through the shared channel layer, sent from a
    thread without an event loop (Playwright's runs in this one, where the send cannot be made)."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            move()
        except BaseException as exc:  # reported below
            failed.append(exc)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert not failed, failed


def test_another_players_look_does_not_say_the_turn_again(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, (vera, gleb, dasha) = _club_with_players(["vera", "gleb", "dasha"])
    table = table_session_create(
        club=club,
        actor=club.created_by,
        title="Blind frap",
        preset="frap",
        stake=5,
        seat_count=3,
        buy_in_min=100,
        buy_in_max=300,
        turn_seconds=90,
    )
    for position, user in enumerate((vera, gleb, dasha)):
        table_sit(session_id=table.pk, user=user, position=position, buy_in=200)
    page = _login(browser, daphne_url, "vera")
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    deal = _running(table, tries=300)
    users = {
        seat: Seat.objects.select_related("member__user").get(pk=seat_id).member.user
        for seat, seat_id in enumerate(deal.players)
    }
    # Gleb and Dasha (no page) pass, without looking, until it is Vera's turn.
    while True:
        deal.refresh_from_db()
        seat = to_act(dealing.deal_state(deal))
        if users[seat] == vera:
            break
        _by_another_thread(
            lambda seat=seat, seq=deal.seq: table_act(
                session_id=table.pk, user=users[seat], action=PASS, expected_seq=seq
            )
        )
    live = page.locator("#table-live")
    _my_turn(page)
    expect(live).to_have_attribute("data-seq", str(deal.seq))
    page.evaluate(KEEP_SAID)
    state = dealing.deal_state(deal)
    looker = next(s for s, user in users.items() if user != vera and can_look(state, s))
    _by_another_thread(
        lambda: table_act(session_id=table.pk, user=users[looker], action=LOOK, expected_seq=deal.seq)
    )
    expect(live).to_have_attribute("data-seq", str(deal.seq + 1), timeout=10_000)
    _said_at_last(page, "looks at their cards")
    said = page.evaluate("window.__said")
    assert not any("Time left" in s for s in said), said
    assert live.get_attribute("data-my-turn") == "1"
    page.context.close()
