"""Review 33: on the felt the trump was a bare suit symbol: a red suit in red on the dark green felt
was 1.3:1, a heart or a diamond trump hard to make out on a phone in daylight. The trump sits on
white like the cards, and reads at 4.5:1 at least, red or black."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from playwright.sync_api import Error as PlaywrightError

from games.services.sessions import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: The contrast of an element's colour against the first opaque background behind it.
CONTRAST = """(e) => {
  if (!e.isConnected) return null;  // a table frame drew the felt anew meanwhile: measure again
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).slice(0, 3).map(v => v / 255)
      .map(v => v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  let back = e;
  while (back) {
    const c = getComputedStyle(back).backgroundColor;
    if (rgb(c).length < 4 || rgb(c)[3] === 1) break;
    back = back.parentElement;
  }
  const a = lum(getComputedStyle(e).color), b = lum(getComputedStyle(back).backgroundColor);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


@pytest.mark.parametrize("red", ["H", "D"])
def test_a_red_trump_on_the_felt_can_be_read(daphne_url: str, browser: Browser, red: str) -> None:  # noqa: F811
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _login(browser, daphne_url, "vera", viewport={"width": 375, "height": 667})
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    trump = page.locator(".felt .table-facts .suit-big").first
    expect(trump).to_be_visible(timeout=20_000)
    # Whatever this deal's trump is, draw it as each suit in turn: the page's own styles decide. The
    # bots play on, and a table frame may draw the felt anew between the two steps: then again.
    for suit, symbol, is_red in (("S", "♠", False), (red, "♥" if red == "H" else "♦", True)):
        ratio = None
        for _ in range(20):
            try:
                ratio = trump.evaluate(
                    "(e, [symbol, red]) => { e.textContent = symbol; e.classList.toggle('red', red);"
                    + " return ("
                    + CONTRAST
                    + ")(e); }",
                    [symbol, is_red],
                )
            except PlaywrightError:  # the element went with a frame while it was read
                ratio = None
            if ratio is not None:
                break
            page.wait_for_timeout(100)
        assert ratio is not None, "the felt never held still long enough to be measured"
        assert ratio >= 4.5, (suit, ratio)
