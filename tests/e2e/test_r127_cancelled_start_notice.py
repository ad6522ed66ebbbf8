"""Review 127: a member had a scheduled table's page open and a manager called the table off. The
live frame said "This table was cancelled.", and above it the page's own notice, drawn outside the
frames, still said "This table starts … ; seating opens 15 minutes before." until he reloaded. The
notice goes once the frame says the table has no start to come (as a reload draws the page)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone
from playwright.sync_api import Browser, expect

from club.models import User
from games.services import table_session_create

from .daphne_server import daphne_url  # noqa: F401  (a fixture)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_start_notice_goes_when_the_table_is_called_off(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    from games.services.schedule import session_cancel

    from .test_table_play import _club_with_players, _login, _open_table

    club, _users = _club_with_players(["vera"])
    olga = User.objects.get(username="olga")  # the club's owner
    starts = (timezone.now() + timedelta(hours=3)).replace(second=0, microsecond=0)
    table = table_session_create(
        club=club,
        actor=olga,
        title="Called off",
        preset="classic",
        seat_count=4,
        stake=5,
        buy_in_min=100,
        buy_in_max=500,
        starts_at=starts,
    )
    page = _login(browser, daphne_url, "vera")
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    expect(page.locator("#table-starts")).to_be_visible()

    # From a thread of its own: this one runs Playwright's event loop (as test_move_a_table).
    def cancel() -> None:
        session_cancel(session_id=table.pk, actor=olga)
        connection.close()

    cancelling = threading.Thread(target=cancel)
    cancelling.start()
    cancelling.join()
    expect(page.locator("#table-live")).to_contain_text("This table was cancelled.")
    expect(page.locator("#table-starts")).to_be_hidden()
