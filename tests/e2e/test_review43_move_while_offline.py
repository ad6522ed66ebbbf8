"""Review 43: a move clicked while the page had lost the table went nowhere the player could see.
Over a dead network it went into a socket that was then given up; with the socket closed, htmx kept
it and sent it once the page was back, on a table that had moved on: refused then, in red, long
after, or sent twice if he clicked again after waiting (the first taken, the second refused as a
move on an old picture). The page now tells him at once that the move was not sent."""

from __future__ import annotations

import contextlib
import json

import pytest
from playwright.sync_api import Browser, expect

from games.models import Deal
from games.services import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_review43_offline import _my_turn
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_move_clicked_offline_is_told_not_sent_later(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    page = _login(browser, daphne_url, "vera")
    sent: list[dict] = []

    def on_socket(ws) -> None:
        def on_frame(payload) -> None:
            with contextlib.suppress(TypeError, ValueError):
                sent.append(json.loads(payload))

        ws.on("framesent", on_frame)

    page.on("websocket", on_socket)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    _my_turn(page)
    live = page.locator("#table-live")
    deal, seq = live.get_attribute("data-deal-number"), live.get_attribute("data-seq")
    moves = live.locator(".bids button[data-key], .card-button, .my-hand button")
    expect(moves.first).to_be_visible()

    page.context.set_offline(True)
    expect(page.locator("#table-banner")).to_be_visible(timeout=3_000)
    moves.first.click()
    error = page.locator("#table-error")
    expect(error).to_be_visible(timeout=2_000)
    assert "not sent" in (error.text_content() or ""), error.text_content()
    page.context.set_offline(False)
    expect(page.locator("#table-banner")).to_be_hidden(timeout=10_000)
    page.wait_for_timeout(1_000)
    assert not [m for m in sent if m.get("seq") is not None], sent
    now = Deal.objects.get(session=table, number=int(deal or 0))
    assert str(now.seq) == seq, "the move clicked offline was made after all"
