"""Review 89: the turn clock a player on a slow link sees, and what the page does when it runs out."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from games.models import Deal, TableSession
from games.services import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_review43_offline import _my_turn
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: A slow link: every frame the table sends reaches the page ``window.__lagMs`` later (what it sends
#: goes at once). Each socket's own listeners hear a frame only when it is handed on again.
SLOW_LINK = """(() => {
  window.__lagMs = 4000;
  const Real = window.WebSocket;
  class Slow extends Real {
    constructor(...args) {
      super(...args);
      super.addEventListener("message", (event) => {
        if (event.__late) return;
        event.stopImmediatePropagation();
        setTimeout(() => {
          const late = new MessageEvent("message", {data: event.data, origin: event.origin});
          late.__late = true;
          this.dispatchEvent(late);
        }, window.__lagMs);
      });
    }
  }
  window.WebSocket = Slow;
})();"""


def _seconds_shown(page: Page) -> int | None:
    text = page.locator("#table-live .seat.me .clock .clock-text").text_content() or ""
    found = re.match(r"\d+", text)
    return int(found.group()) if found else None


def _server_seconds_left(table_id: int) -> float:
    deals = Deal.objects.filter(session_id=table_id).order_by("-number")
    deadline = deals.values_list("deadline", flat=True)[0]
    return (deadline - timezone.now()).total_seconds()


def test_a_slow_link_does_not_add_its_delay_to_the_time_shown(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    """The page began its count when a frame arrived: on a link four seconds slow, "your turn" came
    with 60 s on the page while the table had given 56, and his move at "3 s" came too late. The page
    now counts to the table's own deadline (the table sends its clock when asked, and each frame the
    deadline): what it shows agrees with the table's time left within the second it rounds up."""
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    TableSession.objects.filter(pk=table.pk).update(turn_seconds=60)
    page = _login(browser, daphne_url, "vera")
    page.add_init_script(SLOW_LINK)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    _my_turn(page)
    seen: list[tuple[int | None, float]] = []
    for _ in range(100):  # the table's clock comes back on the slow link too: waited for
        shown = _seconds_shown(page)
        left = _server_seconds_left(table.pk)  # read after the page: the table's time can only be less
        seen.append((shown, left))
        if shown is not None and 0 < left < 55 and shown <= left + 1:
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError(f"the page showed more than the table's time left: {seen[-5:]}")
    page.context.close()


MOVES = "#table-live form.bid button, #table-live form.play button, #table-live form.choose-cards button"


def test_at_nought_the_moves_wait_for_the_clock_s_move(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    """At 0 s the move buttons stayed live: a press sent a move the table refused as too late ("came
    too late"), in red, while the clock's own move was on its way. At 0 the page now holds the moves
    and says the clock's move is coming; the table's next frame brings them back as they are."""
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    TableSession.objects.filter(pk=table.pk).update(turn_seconds=5)
    page = _login(browser, daphne_url, "vera")
    page.add_init_script(SLOW_LINK)  # the clock's move reaches the page seconds after the turn's end
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    _my_turn(page)
    due = page.locator("#clock-due")
    expect(due).to_be_visible(timeout=20_000)
    expect(due).to_have_text("Your time is up: your move is being made for you.")
    states = page.locator(MOVES).evaluate_all("buttons => buttons.map(b => b.disabled)")
    assert states and all(states), states
    expect(page.locator("#table-error")).to_be_hidden()
    # The clock's move arrives: the note goes with the frame it was drawn in.
    expect(page.locator("#deal-log")).to_contain_text("The clock moves for Vera", timeout=20_000)
    expect(due).to_be_hidden()
    page.context.close()


def test_a_ten_minute_turn_reads_as_minutes_and_seconds(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    """A 10-minute turn's clock read "600s" (and was said so: "Time left: 600s."). It now reads as a
    clock reads, 10:00 then 9:59, and is said in words in the reader's language."""
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    TableSession.objects.filter(pk=table.pk).update(turn_seconds=600)
    page = _login(browser, daphne_url, "vera")
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    _my_turn(page)
    text = page.locator("#table-live .seat.me .clock .clock-text")
    expect(text).to_have_text(re.compile(r"^(10:00|9:[0-5]\d)$"))
    expect(page.locator("#table-announce")).to_contain_text(re.compile(r"Time left: (10 min|9 min \d+s)\."))
    page.context.close()


#: The computer's clock set forward by ``window.__skew`` ms (by hand, or a time sync): ``Date`` jumps,
#: the page's steady clock (``performance.now``) does not.
SKEWED_CLOCK = """(() => {
  window.__skew = 0;
  const now = Date.now.bind(Date);
  Date.now = () => now() + window.__skew;
})();"""


def test_the_computer_s_clock_set_forward_mid_turn_does_not_hold_his_moves(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    """The page counted each frame to the table's deadline on the computer's clock as it was when the
    table's clock was read: set forward more than a turn mid-turn, it showed 0 on every frame after,
    and held his moves ("Your time is up") through the three minutes the table still gave him.
    The deadline is counted on the page's steady clock, which no setting moves."""
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    TableSession.objects.filter(pk=table.pk).update(turn_seconds=180)
    page = _login(browser, daphne_url, "vera")
    page.add_init_script(SKEWED_CLOCK)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    _my_turn(page)
    text = page.locator("#table-live .seat.me .clock .clock-text")
    expect(text).to_have_text(re.compile(r"^(3:00|2:[0-5]\d)$"))
    page.wait_for_timeout(1_500)  # the table's clock, asked on connecting, has answered
    drawn = page.locator("#table-live .seat.me .clock").element_handle()
    page.evaluate("window.__skew = 200000")
    # The frame he had counts from its arrival on the computer's clock too, and reads 0 at once (its
    # moves held): the page asks the table, which answers with his turn as it is, nearly three minutes.
    # Waited for as that answer's frame replacing the one he had (the note at 0 may come and go
    # between two looks).
    page.wait_for_function("clock => !clock.isConnected", arg=drawn, timeout=20_000)
    expect(text).to_have_text(re.compile(r"^2:[0-5]\d$"), timeout=15_000)
    expect(page.locator("#clock-due")).to_be_hidden()
    states = page.locator(MOVES).evaluate_all("buttons => buttons.map(b => b.disabled)")
    assert states and not any(states), states
    assert _server_seconds_left(table.pk) > 100
    page.context.close()
