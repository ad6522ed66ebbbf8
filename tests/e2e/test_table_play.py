"""Live tables in a real browser: four people play a whole deal by clicking, a reload mid-deal shows
the same view, a phone-width screenshot is kept, and a demo member plays the bots."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from club import services as club_services
from club.models import Club, Membership, User
from games.services import table_session_create
from ledger.services import chips_grant

from .daphne_server import daphne_url  # noqa: F401  (a fixture)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: A turn clock's text, which runs on between two reads: "45s", or a minute and more as "1:00".
CLOCK = r"\d+s|\d+:\d\d"

PASSWORD = "Table-Talk-2026-x"
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def _login(browser: Browser, base: str, username: str, password: str = PASSWORD, **context) -> Page:
    page = browser.new_context(**context).new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    return page


def _open_table(page: Page, url: str) -> None:
    page.goto(url)
    page.locator("#table-socket[data-live='1']").wait_for()


def _club_with_players(names: list[str]) -> tuple[Club, list[User]]:
    owner = User.objects.create_user("olga", email="olga@example.org", password=PASSWORD)
    club = club_services.club_create(user=owner, name="Evening Khrap")
    users = []
    for name in names:
        user = User.objects.create_user(
            name, email=f"{name}@example.org", password=PASSWORD, display_name=name.capitalize()
        )
        club_services.membership_join(club=club, user=user)
        chips_grant(
            membership=Membership.objects.get(club=club, user=user),
            amount=1000,
            actor=owner,
            reason="Starting chips",
        )
        users.append(user)
    return club, users


def _where(page: Page) -> tuple[str | None, str | None]:
    live = page.locator("#table-live")
    return live.get_attribute("data-deal-number"), live.get_attribute("data-seq")


#: How long one click of ``_move`` may wait for its button (milliseconds).
CLICK_MS = 5000


def _move(page: Page) -> bool:
    """Make one sensible move if it is this page's turn: declare rather than pass (so the deal is
    played), stand pat or give up the fewest cards, play the first card offered. Then wait for the
    table to move on, as a person would, instead of clicking a page the move has not reached yet."""
    live = page.locator("#table-live")
    if live.get_attribute("data-my-turn") != "1":
        return False
    before = _where(page)
    bids = live.locator(".bids button")
    chooser = live.locator("form.choose-cards")
    cards = live.locator(".card-button")
    try:
        # A few seconds a click: the table may move on under it (a short turn ran out on a busy
        # machine and the clock moved for him; at 0 s the page disables the controls), and a click
        # waiting 30 s for a button that is gone failed the test. The next round reads the table again.
        if bids.count():
            labels = [bids.nth(i).inner_text(timeout=CLICK_MS) for i in range(bids.count())]
            preferred = [i for i, text in enumerate(labels) if text not in ("Pass", "Look at my cards")]
            bids.nth(preferred[0] if preferred else 0).click(timeout=CLICK_MS)
        elif chooser.count():
            low = int(chooser.get_attribute("data-low", timeout=CLICK_MS) or 0)
            for i in range(low):
                chooser.locator(".card-pick").nth(i).click(timeout=CLICK_MS)
            chooser.locator("button[type=submit]").click(timeout=CLICK_MS)
        elif cards.count():
            cards.first.click(timeout=CLICK_MS)
        else:
            return False
    except PlaywrightTimeoutError:
        return True
    for _ in range(100):
        if _where(page) != before:
            break
        page.wait_for_timeout(50)
    return True


def _play_until_settled(pages: list[Page], *, rounds: int = 400) -> None:
    for _ in range(rounds):
        if all(p.locator(".settlement").count() for p in pages):
            return
        moved = False
        for page in pages:
            if _move(page):
                moved = True
        if not moved:
            pages[0].wait_for_timeout(200)
    raise AssertionError("the deal was not settled")


FELT_CONTRAST_JS = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const felt = document.querySelector(".felt");
  const bg = lum(rgb(getComputedStyle(felt).backgroundColor));
  const low = [];
  for (const el of felt.querySelectorAll(".center .muted, .center dt, .center .phase, .seat .muted")) {
    if (!el.textContent.trim() || el.closest(".pcard, button, .badge")) continue;
    const fg = lum(rgb(getComputedStyle(el).color));
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    const what = `${el.className || el.tagName}: ${el.textContent.trim().slice(0, 30)}`;
    if (ratio < 4.5) low.push(`${what} ${ratio.toFixed(2)}`);
  }
  return low;
}"""


def test_four_browsers_play_a_whole_deal_and_my_chips_match(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, users = _club_with_players(["vera", "gleb", "dasha", "ivan"])
    table = table_session_create(
        club=club,
        actor=club.created_by,
        title="Friday table",
        preset="classic",
        stake=5,
        seat_count=4,
        min_players=4,
        buy_in_min=100,
        buy_in_max=300,
        turn_seconds=60,
    )
    pages = [_login(browser, daphne_url, u.username) for u in users]
    for position, page in enumerate(pages, start=1):
        _open_table(page, f"{daphne_url}/tables/{table.pk}/")
        page.locator(f"#seat-{position} input[name=buy_in]").fill("200")
        page.locator(f"#sit-{position}").click()
        controls = page.locator(".seat-controls")
        expect(controls.get_by_role("button", name="Leave the table")).to_be_visible()
    for page in pages:
        expect(page.locator(".phase")).to_contain_text(re.compile("Bidding"), timeout=15_000)

    # A reload mid-deal shows the same table: same cards in hand, same seats.
    page = pages[0]
    hand_before = page.locator(".my-hand").inner_text()
    seats_before = page.locator("#seats").inner_text()
    page.reload()
    page.locator("#table-socket[data-live='1']").wait_for()
    assert page.locator(".my-hand").inner_text() == hand_before
    assert re.sub(CLOCK, "", page.locator("#seats").inner_text()) == re.sub(CLOCK, "", seats_before)

    # Everyone asks to leave now: they stand up when the deal ends, so no next deal starts.
    for page in pages:
        page.get_by_role("button", name="Leave the table").click()
        expect(page.locator(".seat-controls")).to_contain_text("when this deal ends")

    _play_until_settled(pages)
    rows = pages[0].locator(".settled li")
    settled = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        collected = row.locator("[data-collected]")
        penalty = row.locator("[data-penalty]")
        settled[row.locator(".who").inner_text()] = (
            int(collected.get_attribute("data-collected") or 0) if collected.count() else 0
        ) - (int(penalty.get_attribute("data-penalty") or 0) if penalty.count() else 0)

    ARTIFACTS.mkdir(exist_ok=True)
    phone = _login(browser, daphne_url, "vera", viewport={"width": 390, "height": 844})
    _open_table(phone, f"{daphne_url}/tables/{table.pk}/")
    phone.screenshot(path=str(ARTIFACTS / "table-phone.png"), full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # Small print on the felt ("Last trick:", the facts' names) readable on its green (WCAG AA 4.5:1):
    # the site's grey on the felt was 1.9:1.
    low = phone.evaluate(FELT_CONTRAST_JS)
    assert low == [], low

    for user, page in zip(users, pages, strict=True):
        page.goto(f"{daphne_url}/clubs/{club.slug}/chips/")
        expected = 1000 - 5 + settled[user.display_name]
        expect(page.locator("#chips-balance")).to_have_text(str(expected))


def test_a_demo_member_plays_the_bots_at_the_practice_table(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    call_command("seed_demo", "--allow-without-debug", verbosity=0)
    page = _login(browser, daphne_url, "vera", "khrap-demo-2026")
    page.goto(f"{daphne_url}/clubs/demo-club/")
    page.get_by_role("link", name="Practice with bots").click()
    page.locator("#table-socket[data-live='1']").wait_for()
    page.locator("#sit-1").click()
    expect(page.locator(".phase")).to_contain_text(re.compile("Bidding"), timeout=15_000)
    # She stands up when this deal ends, so no next deal follows (bots never play among themselves):
    # a second after the settlement the table dealt the next deal, and the settlement went with it.
    page.get_by_role("button", name="Leave the table").click()
    expect(page.locator(".seat-controls")).to_contain_text("when this deal ends")
    _play_until_settled([page])
    expect(page.locator(".settlement")).to_contain_text("Vera")
