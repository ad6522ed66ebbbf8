"""A manager typing the reason to stand Vera up kept it across the table's updates by the field's id,
the seat's number: when Vera left and Gleb sat down in that seat meanwhile, the reason written about
Vera was put in the box of Gleb (review 110's left-out), where a manager opening it could send it
unread. What is typed in a seat's box now goes back only into the same seat's box."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from games.services import table_leave, table_sit

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_review15_own_string import _waiting_table
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_reason_typed_for_one_player_is_not_put_in_the_next_players_box(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, (vera, gleb) = _club_with_players(["vera", "gleb"])
    table = _waiting_table(club)
    table_sit(session_id=table.pk, user=vera, position=0, buy_in=200)
    olga = _login(browser, daphne_url, "olga")  # the club's owner manages its tables
    _open_table(olga, f"{daphne_url}/tables/{table.pk}/")
    olga.locator("#seat-1 details.standup summary").click()
    olga.locator("#standup-1").click()
    olga.keyboard.type("Vera was rude")
    table_leave(session_id=table.pk, user=vera)
    table_sit(session_id=table.pk, user=gleb, position=0, buy_in=200)
    expect(olga.locator("#seat-1 .seat-name")).to_contain_text("Gleb")
    expect(olga.locator("#seat-1 details.standup")).not_to_have_attribute("open", "")
    expect(olga.locator("#standup-1")).to_have_value("")
