"""Review 24: every bid button begins with a capital ("Pass", "Snore", "Look at my cards") but two,
made of a status word written small: Bulgarian 36's "wrap: swap card 1" and Frap's "cut with the
trump card" (ru "обмен вслепую: …", bg "обвиване: …"). They now begin with a capital too."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.presenter import _bid_label, _texts, status_words


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
@pytest.mark.parametrize(
    ("preset", "action"),
    [
        ("bulgarian36", {"do": "wrap_swap", "position": 0}),
        ("frap", {"do": "five", "take_trump": True}),
    ],
)
def test_a_bid_button_begins_with_a_capital(preset, action, language):
    with translation.override(language):
        label = _bid_label(action, status_words(preset), _texts())
    assert label[:1].isupper(), label
