"""Review 33: a screen reader told a card's face alone ("7 black spade suit", or "7" where the symbol
is skipped). Each card is an image named in words in the reader's language, so a card button (and a
card to pick for an exchange) is "7 of spades", "Queen of hearts"."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.utils import timezone, translation

from games.broadcast import table_messages
from games.live_frame import live_frame_html
from games.presenter import card, table_context

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def _label(html: str) -> str:
    match = re.search(r'role="img" aria-label="([^"]*)"', html)
    assert match, html
    return match.group(1)


@pytest.mark.parametrize(
    ("language", "code", "name"),
    [
        ("en", "7S", "7 of spades"),
        ("en", "QH", "Queen of hearts"),
        ("en", "10D", "10 of diamonds"),
        ("en", "AC", "Ace of clubs"),
        ("ru", "7S", "7 пик"),
        ("ru", "QH", "дама червей"),
        ("ru", "AD", "туз бубён"),
        ("bg", "KC", "поп спатия"),
        ("bg", "JH", "вале купа"),
    ],
)
def test_a_card_face_is_named_in_words_in_the_readers_language(language, code, name):
    with translation.override(language):
        face = card(code)
        assert _label(face["html"]) == name
        # The template the face stands for says the same.
        assert face["html"] == render_to_string("games/_card.html", {"c": face})


def test_the_name_follows_the_language_even_after_another_language_drew_the_card():
    with translation.override("en"):
        assert _label(card("JS")["html"]) == "Jack of spades"
    with translation.override("ru"):
        assert _label(card("JS")["html"]) == "валет пик"



@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", ["spades", "hearts", "diamonds", "clubs"]),
        ("ru", ["пики", "черви", "бубны", "трефы"]),
        ("bg", ["пика", "купа", "каро", "спатия"]),
    ],
)
def test_the_trump_and_the_suits_to_name_trump_are_said_in_words(make_table, players, language, names):
    """The trump shown as "♣" alone, and the buttons that name a trump ("♠ trump"), were read as the
    symbol's name or nothing: each suit is an image named in words."""
    table = make_table()
    sit_all(table, players[:3])
    start_deal(table)
    message = next(m for _, m in table_messages(table.pk) if m["view"]["seat"] is not None)
    view = {**message["view"], "trump": "C", "to_act": message["view"]["seat"]}
    view["legal_actions"] = [{"do": "name_trump", "suit": code} for code in "SHDC"]
    with translation.override(language):
        context = table_context(
            view=view, public=message["public"], user_id=None, now=timezone.now(), can_manage=False
        )
        html = live_frame_html(context)
    assert f'role="img" aria-label="{names[3]}">♣</span></dd>' in html, html
    for code, name in zip("SHDC", names, strict=True):
        pattern = rf'id="suit-{code}" class="secondary"><span class="suit-big[^"]*" role="img" '
        pattern += rf'aria-label="{name}">'
        assert re.search(pattern, html), (code, name)


@pytest.mark.parametrize(
    ("language", "played", "named"),
    [("en", "7 of spades", "clubs"), ("ru", "7 пик", "трефы"), ("bg", "7 пика", "спатия")],
)
def test_the_cards_and_suits_in_the_deal_log_are_said_in_words(language, played, named):
    """The log said "Vera plays 7♠", which a screen reader (and the table's announcer) read as
    "7 black spade suit": the card in it is an image named in words, its face unchanged."""
    from games.presenter import _lines_html

    public = {
        "seats": [{"position": 0, "name": "Vera"}, {"position": 1, "name": "<Gleb>"}],
        "deal": {"number": 1, "players": ["Vera", "<Gleb>"]},
    }
    events = [
        {"type": "Played", "seat": 0, "card": "7S"},
        {"type": "TrumpNamed", "seat": 1, "suit": "C"},
    ]
    with translation.override(language):
        html = str(_lines_html(public, {}, events))
    assert f'<span role="img" aria-label="{played}">7♠</span>' in html, html
    assert f'<span role="img" aria-label="{named}">♣</span>' in html, html
    assert "<Gleb>" not in html  # the rest of the line is still escaped
