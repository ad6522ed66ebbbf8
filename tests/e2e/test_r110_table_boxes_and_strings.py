"""Review 110: two faults of the live table page (static/js/table.js).

1. A manager opened a seat's "Stand up…" box and typed the reason: the next update of the table
   (somebody opening the page, anybody's move) drew the box closed again. The reason sat in a hidden
   field, the focus fell to the page's top, and he had to open the box again to find his text. Found
   opening the table in a second browser while the manager typed.
2. A string the browser sends for the next deal's seed, refused because no deal waits for one (the
   table's end time passed between the frame and the string: 'no_pending_deal'), was shown in red,
   "There is no deal waiting for your randomness.": nothing the player did or can mend, as
   'already_contributed' and 'late_contribution' (which the page takes quietly)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from games.models import Deal, Seat, TableSession
from games.services import table_sit
from games.services.sessions import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_review15_own_string import _own_strings, _string_sent, _waiting_table
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


_RECORD = """() => {
  window.khrapAnswers = [];
  document.addEventListener("htmx:wsBeforeMessage", (e) => {
    if (typeof e.detail.message === "string" && e.detail.message.charAt(0) === "{") {
      window.khrapAnswers.push(e.detail.message);
    }
  });
}"""

# A string for the deal, sent as the page sends its own (a ws-send form, through htmx).
_SEND = """([commitment]) => {
  const form = document.createElement("form");
  form.setAttribute("ws-send", "");
  const fields = [["do", "contribute"], ["value", "ab".repeat(16)], ["commitment", commitment]];
  for (const [name, value] of fields) {
    const input = document.createElement("input");
    input.type = "hidden"; input.name = name; input.value = value;
    form.appendChild(input);
  }
  document.getElementById("table-socket").appendChild(form);
  htmx.process(form);
  form.requestSubmit();
}"""


def _answer(page: Page, code: str) -> None:
    for _ in range(200):
        if any(code in answer for answer in page.evaluate("window.khrapAnswers")):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"no {code} came: {page.evaluate('window.khrapAnswers')}")


def test_a_string_sent_as_the_table_ends_is_not_shown_as_an_error(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, (vera,) = _club_with_players(["vera"])
    # A deal running: past its end time the table closes only when the deal ends (the page's string
    # is for the deal after it, which is not to come).
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _login(browser, daphne_url, "vera")
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    taken = _string_sent(table)  # her browser's own string
    commitment = taken.commitment
    page.evaluate(_RECORD)
    for _ in range(100):  # the first deal is dealt (with her string in its seed)
        if Deal.objects.filter(session=table, finished_at__isnull=True).exists():
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError("no deal was dealt")
    # The table's end time passes before the string arrives (here: a second string, from her page).
    TableSession.objects.filter(pk=table.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    page.evaluate(_SEND, [commitment])
    _answer(page, "no_pending_deal")
    expect(page.locator("#table-error")).to_be_hidden()
    # The string refused is forgotten (it is in no deal), the one taken before it is kept.
    assert _own_strings(page)[commitment.lower()] == [taken.value]
