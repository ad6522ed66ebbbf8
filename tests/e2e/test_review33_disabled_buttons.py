"""Review 33: a button that could not be pressed looked like one that could. The site's button rules
(green, white text) override the browser's own grey for a disabled button, so "Exchange the chosen
cards" before enough cards were picked looked ready and did nothing when pressed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LOOKS = """(disabled) => {
  const form = document.createElement('form');
  form.className = 'choose-cards';
  const button = document.createElement('button');
  button.type = 'submit';
  button.textContent = 'Exchange the chosen cards';
  button.disabled = disabled;
  form.appendChild(button);
  document.querySelector('main').appendChild(form);
  const style = getComputedStyle(button);
  const looks = [style.backgroundColor, style.color, style.cursor];
  form.remove();
  return looks;
}"""


def _luminance(css: str) -> float:
    parts = [int(p) / 255 for p in css[css.index("(") + 1 : css.index(")")].split(",")[:3]]
    lin = [p / 12.92 if p <= 0.03928 else ((p + 0.055) / 1.055) ** 2.4 for p in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_a_disabled_button_looks_disabled_and_stays_readable(live_server, browser: Browser) -> None:
    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/rules/")  # any page with the site's stylesheet
    enabled = page.evaluate(LOOKS, False)
    disabled = page.evaluate(LOOKS, True)
    assert disabled[0] != enabled[0], (enabled, disabled)  # not the same green
    assert disabled[2] == "not-allowed", disabled
    light, dark = sorted((_luminance(disabled[0]), _luminance(disabled[1])), reverse=True)
    assert (light + 0.05) / (dark + 0.05) >= 4.5, disabled  # its words can still be read
