"""Review 157: on a phone, the player whose turn it is sees his clock.

His seat is the table's first, at the felt's top; at a twelve-seat table on a 360 px phone, six rows
of seats stand between it and the trick, and his cards and moves stay at the screen's bottom. Reading
the trick and whose turn it is, he had his cards in sight and his clock off the screen. His turn's
clock is beside his moves now, counting as his seat's does, and nothing of the page runs off sideways.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from club.models import User
from games.services import table_bot_add, table_sit
from games.services.sessions import table_session_create

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: A clock of his turn on the screen, counting: his seat's or the one beside his moves.
CLOCK_IN_SIGHT = """() => [...document.querySelectorAll('.seat.me .clock, .my-move .clock')].some(c => {
  const r = c.getBoundingClientRect(), text = c.querySelector('.clock-text');
  const top = document.elementFromPoint(Math.min(r.left + r.width / 2, innerWidth - 1), r.top + r.height / 2);
  return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
    && /\\d/.test(text.textContent) && !!top && c.contains(top);
})"""


def test_his_clock_is_in_sight_while_he_reads_the_trick(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, (vera,) = _club_with_players(["vera"])
    olga = User.objects.get(username="olga")
    table = table_session_create(
        club=club,
        actor=olga,
        title="Twelve",
        preset="frap",
        seat_count=12,
        stake=5,
        buy_in_min=100,
        buy_in_max=500,
        turn_seconds=120,
        practice=True,
    )
    table_sit(session_id=table.pk, user=vera, position=0, buy_in=200)
    for position in range(1, 12):
        table_bot_add(session_id=table.pk, actor=olga, position=position, buy_in=200)
    page = _login(browser, daphne_url, "vera", viewport={"width": 360, "height": 640}, has_touch=True)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    expect(page.locator("#table-live")).to_have_attribute("data-my-turn", "1", timeout=30_000)
    expect(page.locator(".seat.me .clock .clock-text")).to_have_text(re.compile(r"\d"))
    # He reads whose turn it is, under the twelve seats: the phase line at the screen's top.
    phase = "document.querySelector('.center .phase').getBoundingClientRect().y"
    page.evaluate(f"window.scrollBy(0, {phase} - 60)")
    assert page.evaluate("document.querySelector('.seat.me').getBoundingClientRect().bottom < 0")
    assert page.evaluate(CLOCK_IN_SIGHT), "no clock of his turn on the screen"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
