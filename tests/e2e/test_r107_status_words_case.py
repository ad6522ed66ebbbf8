"""Review 107: a seat's status of more than one word was drawn with every word capitalised.

The table's CSS wrote the status (on each seat, and on each line of the settlement) under
``text-transform: capitalize``, which raises the first letter of every word: Russian «в тёмную»
read «В Тёмную», «не играет» «Не Играет», Bulgarian «хъркане на сляпо» «Хъркане На Сляпо», and
English "blind snore" "Blind Snore", none of them words the rules or the buttons write so. Found
reading a settled deal in Russian and Bulgarian. Only the status's first letter is raised now.
Drawn here by Chromium from the page's own stylesheet and the frame's own markup."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation
from playwright.sync_api import Page

from games.live_frame import _settlement, _Words
from games.presenter import status_words

pytestmark = [pytest.mark.e2e]

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "table.css"


def _first_up(word: str) -> str:
    return word[:1].upper() + word[1:]


@pytest.mark.parametrize("lang", ["en", "ru", "bg"])
def test_a_status_of_several_words_raises_its_first_letter_only(page: Page, lang: str) -> None:
    with translation.override(lang):
        words = status_words("classic")
        said = [words["blind"], words["dark"], words["out"], words["pass"]]
        rows = [
            {"name": f"P{i}", "status": word, "tricks": 0, "payout": 0, "penalty": 0, "hand": []}
            for i, word in enumerate(said)
        ]
        out: list[str] = []
        _settlement(out, _Words(), {"result": "", "settlement": rows, "bank_after": 0})
    seats = "".join(
        f'<li class="seat"><span class="seat-facts"><span class="status-word">{word}</span></span></li>'
        for word in said
    )
    felt = f'<div class="felt"><ul class="seats">{seats}</ul></div>'
    page.set_content(f"<style>{CSS.read_text()}</style>{felt}{''.join(out)}")
    assert any(" " in word for word in said), said  # a status of more than one word is among them
    shown = page.locator(".seat .status-word").all_inner_texts()
    assert shown == [_first_up(word) for word in said]
    shown = page.locator(".settled .status-word").all_inner_texts()
    assert shown == [_first_up(word) for word in said]
