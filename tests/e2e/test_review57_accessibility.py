"""Review 57: accessibility, as a keyboard and screen-reader user meets the site in a real browser."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from club import services as club_services
from club.models import Club, Membership, User
from ledger.services import chips_grant

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_review33_suit_contrast import CONTRAST

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _club() -> tuple[Club, User, User]:
    owner = User.objects.create_user("olga", email="olga@example.org", password=None, display_name="Olga")
    club = club_services.club_create(user=owner, name="Evening Khrap")
    vera = User.objects.create_user("vera", email="vera@example.org", password=None, display_name="Vera")
    club_services.membership_join(club=club, user=vera)
    membership = Membership.objects.get(club=club, user=vera)
    chips_grant(membership=membership, amount=100, actor=owner, reason="start")
    return club, owner, vera


def _page(browser: Browser, base: str, user: User, language: str = "en", **context) -> Page:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    ctx = browser.new_context(**context)
    ctx.add_cookies(
        [
            {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base},
            {"name": "django_language", "value": language, "url": base},
        ]
    )
    return ctx.new_page()


def test_a_grant_refused_by_keyboard_puts_the_focus_on_the_field_and_says_why(
    live_server, browser: Browser
) -> None:
    """The grant form is swapped by htmx: the button pressed was gone, the focus fell to the page's
    top and the error under the field was never read out. The focus goes to the field refused, which
    names its error (aria-describedby)."""
    club, owner, _vera = _club()
    page = _page(browser, live_server.url, owner)
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    form = page.locator("#grant-form")
    form.locator("select[name=member]").select_option(label="Vera (@vera)")
    form.locator("input[name=amount]").fill("5")
    reason = form.locator("[name=reason]")
    reason.fill("   ")  # blank to the server, not to the browser's own check
    form.get_by_role("button", name="Grant chips").focus()
    page.keyboard.press("Enter")
    refused = page.locator("#grant-form [name=reason][aria-invalid=true]")
    expect(refused).to_be_focused()
    said = refused.evaluate(
        "e => e.getAttribute('aria-describedby').split(' ')"
        ".map(id => (document.getElementById(id) || {}).textContent || '').join(' ')"
    )
    assert "required" in said, said


def test_a_grant_made_by_keyboard_is_said_and_keeps_the_focus_in_the_form(
    live_server, browser: Browser
) -> None:
    club, owner, _vera = _club()
    page = _page(browser, live_server.url, owner)
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    form = page.locator("#grant-form")
    form.locator("select[name=member]").select_option(label="Vera (@vera)")
    form.locator("input[name=amount]").fill("5")
    form.locator("[name=reason]").fill("Birthday")
    form.get_by_role("button", name="Grant chips").focus()
    page.keyboard.press("Enter")
    notice = page.locator("#grant-form .notice")
    expect(notice).to_contain_text("5 chips granted to Vera")
    # The focus is on what was said (a screen reader reads it), not lost on the page's top.
    expect(notice).to_be_focused()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#grant-form') !== null")


#: The contrast of two computed colours (rgb() or rgba() over white).
RATIO = """([fore, back]) => {
  const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).slice(0, 3).map(v => v / 255)
      .map(v => v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const a = lum(fore), b = lum(back);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def test_the_turn_clock_s_seconds_can_be_read(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    """The seconds left were written in white over the clock's gold bar (2.5:1), and over its red
    one when time runs out: the one number that says how long the player has. They are not drawn over
    the bar, and read at 4.5:1 at least against whatever is behind them."""
    from games.services.sessions import practice_table_open

    club, _owner, vera = _club()
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _page(browser, daphne_url, vera)
    page.goto(f"{daphne_url}/tables/{table.pk}/")
    text = page.locator("#table-live .seat.me .clock .clock-text")
    for urgent in (False, True):
        # The table's frames replace the clock as play goes on (a bot's move, the turn passing): a
        # measure that lost its element to one is taken again on the clock drawn next.
        for _attempt in range(10):
            expect(text).to_have_text(re.compile(r"\d+s"), timeout=60_000)
            measured = _clock_measure(page, text, urgent)
            if measured is not None:
                break
        else:
            raise AssertionError("the clock was replaced before every measure")
        overlaps, colour, behind, ratio, seat_ratio, size = measured
        if overlaps:
            assert ratio >= 4.5, ("over the bar", urgent, colour, behind, ratio)
        assert seat_ratio >= 4.5, ("on the seat", urgent, seat_ratio)
        assert size >= 12


def _clock_measure(page, text, urgent: bool):
    """The clock's text over its bar drawn full, or None if a frame replaced the clock meanwhile."""
    try:
        page.evaluate(
            "(u) => document.querySelectorAll('.clock').forEach(c => c.classList.toggle('urgent', u))",
            urgent,
        )
        clock = text.locator("xpath=..")
        bar = clock.locator(".clock-bar")
        # Full: the bar as long as it is drawn at the turn's start.
        bar.evaluate("e => { e.style.transition = 'none'; e.style.width = '100%'; }", timeout=2_000)
        t, b = text.bounding_box(timeout=2_000), bar.bounding_box(timeout=2_000)
        if not t or not b:
            return None
        if urgent and not clock.evaluate("e => e.classList.contains('urgent')", timeout=2_000):
            return None  # a new clock, drawn after the class was set
        overlaps = b["width"] > 0 and t["y"] < b["y"] + b["height"] and b["y"] < t["y"] + t["height"]
        colour = text.evaluate("e => getComputedStyle(e).color", timeout=2_000)
        behind = bar.evaluate("e => getComputedStyle(e).backgroundColor", timeout=2_000)
        ratio = page.evaluate(RATIO, [colour, behind])
        seat_ratio = text.evaluate(CONTRAST, timeout=2_000)
        size = float(text.evaluate("e => parseFloat(getComputedStyle(e).fontSize)", timeout=2_000))
    except PlaywrightError:
        return None
    return overlaps, colour, behind, ratio, seat_ratio, size


#: The contrast of an element's text against what is drawn behind it: the translucent backgrounds of
#: its parents laid over the first opaque one (a seat's 15% white over the felt is not the felt).
BLENDED = """(e) => {
  const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map(v => v / 255)
      .map(v => v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const layers = [];
  for (let x = e; x; x = x.parentElement) {
    const c = rgb(getComputedStyle(x).backgroundColor);
    if (c.length < 4 || c[3] > 0) layers.push(c);
    if (c.length < 4 || c[3] === 1) break;
  }
  let back = [255, 255, 255];
  for (const l of layers.reverse()) {
    const a = l.length < 4 ? 1 : l[3];
    back = back.map((v, i) => v * (1 - a) + l[i] * a);
  }
  const fore = rgb(getComputedStyle(e).color);
  const a = lum(fore), b = lum(back);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def test_you_on_the_player_s_own_seat_can_be_read(live_server, browser: Browser, settings) -> None:
    """'(you)' beside the player's name, on his own seat (lighter than the others), was 4.1:1: on the
    deal's page, its replay and the table."""
    deal, _owner, vera = _played_deal(settings)
    page = _page(browser, live_server.url, vera)
    for url in (f"/deals/{deal.pk}/", f"/deals/{deal.pk}/replay/?step=1"):
        page.goto(live_server.url + url)
        you = page.locator(".seat.me .seat-name .muted").first
        expect(you).to_have_text("(you)")
        ratio = you.evaluate(BLENDED)
        assert ratio >= 4.5, (url, ratio)


@pytest.mark.parametrize(
    ("language", "how_to_play"), [("en", "How to play"), ("ru", "Как играть"), ("bg", "Как се играе")]
)
def test_each_rule_set_s_page_has_its_own_title(
    live_server, browser: Browser, language: str, how_to_play: str
) -> None:
    """Every rule set's page was titled 'How to play', opened or picked from the tabs: a screen reader
    said the same title on each, and the browser's history and tabs listed eight alike. Each is
    titled by its rule set, opened by its address or picked by a tab."""
    from games.engine.rules import PRESETS
    from games.howto import preset_title

    context = browser.new_context()
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    titles = {}
    from django.utils import translation

    with translation.override(language):
        names = {name: str(preset_title(name)) for name in PRESETS}
    for name in ("moryak", "classic"):
        page.goto(f"{live_server.url}/rules/{name}/")
        titles[name] = page.title()
        assert names[name] in titles[name] and how_to_play in titles[name], titles
    # Picked from the tabs (htmx swaps the rules in): the title follows.
    page.locator("#preset-tabs a", has_text=names["moryak"]).click()
    expect(page.locator("#preset-tabs a[aria-current=page]")).to_have_text(names["moryak"])
    expect(page).to_have_title(titles["moryak"])
    assert titles["moryak"] != titles["classic"]
    context.close()


def _played_deal(settings):
    from games.services import table_session_create
    from tests.games.conftest import play_deal_as_people, sit_all, start_deal

    settings.TABLE_DEAL_PAUSE = settings.TABLE_FIRST_DEAL_PAUSE = 0
    club, owner, vera = _club()
    players = [vera]
    for name in ("gleb", "dasha", "ivan"):
        user = User.objects.create_user(name, email=f"{name}@example.org", password=None)
        club_services.membership_join(club=club, user=user)
        membership = Membership.objects.get(club=club, user=user)
        chips_grant(membership=membership, amount=100, actor=owner, reason="start")
        players.append(user)
    table = table_session_create(
        club=club, actor=owner, title="Mine", preset="classic", seat_count=4,
        stake=5, buy_in_min=20, buy_in_max=100, turn_seconds=30,
    )  # fmt: skip
    sit_all(table, players, buy_in=100)
    deal = play_deal_as_people(start_deal(table), players)
    return deal, owner, vera


def test_a_table_s_books_fit_a_phone(live_server, browser: Browser, settings) -> None:
    """At 320 CSS px (a phone, or 1280 px zoomed to 400%) the table's books were wider than the screen:
    'Movements by kind' kept each kind on one line outside any scrolling box, so the whole page
    scrolled sideways and its text ran off the right edge."""
    deal, owner, _vera = _played_deal(settings)
    for language in ("en", "ru", "bg"):
        page = _page(browser, live_server.url, owner, language, viewport={"width": 320, "height": 640})
        page.goto(f"{live_server.url}/tables/{deal.session_id}/ledger/")
        expect(page.locator("#by-kind")).to_be_visible()
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= 320, (language, wide)
        page.context.close()


#: Counts the changes of the table's announcer from now on.
# One listener however often it is set up: a test that tries again set it up again, and each
# announcement was then counted once per try (a CI run read the ten seconds' warning twice).
COUNT_SAID = """() => {
  const box = document.getElementById("table-announce");
  window.__said = [];
  if (window.__saidObserver) window.__saidObserver.disconnect();
  window.__saidObserver = new MutationObserver(() => window.__said.push(box.textContent));
  window.__saidObserver.observe(box, {childList: true, characterData: true, subtree: true});
}"""


@pytest.mark.parametrize(("language", "ten"), [("en", "Time left: 10s."), ("ru", "Осталось времени: 10 с.")])
def test_a_player_whose_time_runs_out_is_warned_once(
    daphne_url: str,  # noqa: F811
    browser: Browser,
    language: str,
    ten: str,
) -> None:
    """The turn's announcement said the time left when the turn began, then nothing: a screen reader
    user thinking over his move was never told his time was nearly up (the clock only turns red),
    and the clock moved for him. Ten seconds before the end he is told so, once."""
    from games.services.sessions import practice_table_open

    club, _owner, vera = _club()
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _page(browser, daphne_url, vera, language)
    page.goto(f"{daphne_url}/tables/{table.pk}/")
    clock = page.locator("#table-live .seat.me .clock")
    expect(clock.locator(".clock-text")).to_have_text(re.compile(r"\d"), timeout=30_000)
    for _attempt in range(5):
        page.evaluate(COUNT_SAID)
        # Twelve seconds left on this browser's clock (the server's own runs on; it is far from its end).
        clock.evaluate("e => { e.dataset.until = String(Date.now() + 12000); e.__set = true; }")
        try:
            expect(clock.locator(".clock-text")).to_have_text(re.compile(r"^8\D"), timeout=15_000)
            break
        except AssertionError:
            # A frame (the players' random strings, a presence) drew the clock again from the server's
            # time: set it again on the new one; the clock that was set must not have missed it.
            assert not clock.evaluate("e => e.__set === true"), "the clock set to 12 s did not count down"
    else:
        raise AssertionError("the clock was drawn again before every try")
    said = page.evaluate("window.__said")
    assert said == [ten], said


def test_a_seat_s_badges_can_be_read(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    """'bot' on a bot's seat was white on a 20% white badge over the seat (3.8:1, at 12 px)."""
    from games.services.sessions import practice_table_open

    club, _owner, vera = _club()
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _page(browser, daphne_url, vera)
    page.goto(f"{daphne_url}/tables/{table.pk}/")
    page.locator("#table-socket[data-live='1']").wait_for()
    badges = page.locator("#table-live .seat .badge")
    expect(badges.first).to_be_visible(timeout=20_000)
    # Read at once (bots' moves replace the table meanwhile).
    ratios = page.evaluate(
        "() => [...document.querySelectorAll('#table-live .seat .badge')]"
        f".map(e => [e.textContent, ({BLENDED})(e)])"
    )
    assert ratios
    for text, ratio in ratios:
        assert ratio >= 4.5, (text, ratio)


def test_load_more_by_keyboard_leaves_the_focus_on_the_rows_it_brought(live_server, browser: Browser) -> None:
    """My chips: 'Load more' is replaced by the older rows; pressed by keyboard, the focus fell to the
    page's top (Tab started again from the header, a screen reader read nothing of the new rows). It
    goes to the first row brought, so reading and Tab go on from there."""
    club, owner, vera = _club()
    membership = Membership.objects.get(club=club, user=vera)
    for n in range(30):
        chips_grant(membership=membership, amount=1, actor=owner, reason=f"gift {n}")
    page = _page(browser, live_server.url, vera)
    page.goto(f"{live_server.url}/clubs/{club.slug}/chips/")
    rows = page.locator("table.statement tbody tr")
    expect(rows).to_have_count(26)  # 25 and the row of 'Load more'
    page.get_by_role("link", name="Load more").focus()
    page.keyboard.press("Enter")
    expect(rows).to_have_count(31)
    # The focus moves when htmx has settled the swap, a moment after the rows are in the page.
    expect(rows.nth(25)).to_be_focused()
    focused = page.evaluate(
        "(() => { const e = document.activeElement; return [e.tagName, e.closest('table.statement') !== null,"
        " [...document.querySelectorAll('table.statement tbody tr')].indexOf(e.closest('tr'))]; })()"
    )
    assert focused == ["TR", True, 25], focused


def test_a_refusal_at_the_table_stays_until_the_next_move(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    """A refusal at the table ('this move was not sent: make it again once the connection is back',
    25 words) went away by itself after six seconds: a slow reader, or one zoomed in on his cards,
    lost it before reading it. It stays until his next move."""
    from games.services.sessions import practice_table_open

    club, _owner, vera = _club()
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _page(browser, daphne_url, vera)
    page.clock.install()
    page.goto(f"{daphne_url}/tables/{table.pk}/")
    page.locator("#table-socket[data-live='1']").wait_for(timeout=20_000)
    expect(page.locator("#table-live[data-my-turn='1']")).to_be_attached(timeout=30_000)
    moves = page.locator("#table-live .bids button[data-key], #table-live .card-button")
    expect(moves.first).to_be_visible()
    page.context.set_offline(True)
    expect(page.locator("#table-banner")).to_be_visible(timeout=3_000)
    moves.first.click()
    error = page.locator("#table-error")
    expect(error).to_contain_text("not sent")
    page.clock.run_for(60_000)
    expect(error).to_be_visible()
    expect(error).to_contain_text("not sent")
    # Back online, his next move takes it away.
    page.context.set_offline(False)
    expect(page.locator("#table-banner")).to_be_hidden(timeout=15_000)
    expect(page.locator("#table-live[data-my-turn='1']")).to_be_attached(timeout=30_000)
    moves.first.click()
    expect(error).to_be_hidden()
