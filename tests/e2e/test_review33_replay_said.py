"""Review 33: stepping through a replay with the arrow keys, a screen reader heard nothing: each
step replaces the frame, which it does not follow. A status region outside the frame says the step
and the move it shows ("Move 3 of 16. Vera plays 7 of spades.")."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from playwright.sync_api import Browser, expect

from .test_review21_replay_back_button import _finished_deal, _quick_tables  # noqa: F401  (a fixture)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

RECORD = """() => {
  window.__said = [];
  const box = document.getElementById('replay-announce');
  new MutationObserver(() => window.__said.push(box.textContent))
    .observe(box, {childList: true, characterData: true, subtree: true});
}"""


def test_each_replay_step_is_said_with_its_move(live_server, browser: Browser) -> None:
    deal, vera = _finished_deal()
    steps = deal.seq
    client = Client()
    client.force_login(vera, backend="django.contrib.auth.backends.ModelBackend")
    context = browser.new_context()
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/deals/{deal.pk}/replay/")
    expect(page.locator("#replay-announce")).to_have_attribute("role", "status")
    page.evaluate(RECORD)
    for step in range(1, steps + 1):
        page.keyboard.press("ArrowRight")
        expect(page.locator(".replay-count")).to_have_text(f"Move {step} of {steps}")
        page.wait_for_function("(n) => window.__said.length >= n", arg=step)
    said = page.evaluate("window.__said")
    assert said[0].startswith(f"Move 1 of {steps}. "), said
    assert all(re.match(rf"Move {n} of {steps}\. \S", s) for n, s in enumerate(said, 1)), said
    heard = " ".join(said)
    assert re.search(r" plays (\d+|Ace|King|Queen|Jack) of (spades|hearts|diamonds|clubs)", heard), said
    context.close()
