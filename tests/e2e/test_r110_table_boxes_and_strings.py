"""Review 110: faults of the live table page (static/js/table.js).

1. A manager opened a seat's "Stand up…" box and typed the reason: the next update of the table
   (somebody opening the page, anybody's move) drew the box closed again. The reason sat in a hidden
   field, the focus fell to the page's top, and he had to open the box again to find his text. Found
   opening the table in a second browser while the manager typed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from games.models import Seat
from games.services import table_sit

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_review15_own_string import _waiting_table
from .test_table_play import _club_with_players, _login, _open_table
from .test_typing_across_update import _an_update

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_stand_up_box_stays_open_with_its_reason_across_an_update(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, (vera, gleb) = _club_with_players(["vera", "gleb"])
    table = _waiting_table(club)
    table_sit(session_id=table.pk, user=vera, position=0, buy_in=200)
    url = f"{daphne_url}/tables/{table.pk}/"
    olga = _login(browser, daphne_url, "olga")  # the club's owner manages its tables
    _open_table(olga, url)
    olga.locator("#seat-1 details.standup summary").click()
    olga.locator("#standup-1").click()
    olga.keyboard.type("Asleep at the")
    _an_update(olga, browser, daphne_url, url, gleb.username)
    expect(olga.locator("#seat-1 details.standup")).to_have_attribute("open", "")
    expect(olga.locator("#standup-1")).to_be_visible()
    expect(olga.locator("#standup-1")).to_be_focused()
    olga.keyboard.type(" table")
    expect(olga.locator("#standup-1")).to_have_value("Asleep at the table")
    olga.keyboard.press("Enter")
    expect(olga.locator("#seat-1")).to_contain_text("Vera was stood up by a manager")
    seat = Seat.objects.get(session=table, member__user=vera)
    assert seat.left_at is not None and seat.left_note == "Asleep at the table"
