"""Review 111: a display name made of card symbols ("A♠", "10♣ Vera") was read in the deal's log as a
card: each card and suit of a log line becomes an image named in words for screen readers (and the
table's announcer reads those words), and the name's "A♠" became "Ace of spades", so "A♠ passes."
was heard "Ace of spades passes.". Only the cards the line itself names are cards now; a name is
said as written, whatever it holds."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils import timezone, translation

from club.models import User
from games.engine import Action
from games.presenter import card_name, suit_name
from games.services import dealing, table_act

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db

_IMG = re.compile(r'<span role="img" aria-label="([^"]*)">.*?</span>')
_TAG = re.compile(r"<[^>]+>")
_LOG = re.compile(r'<ol[^>]*id="deal-log"[^>]*>(.*?)</ol>', re.S)


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _spoken(item: str) -> str:
    """As table.js's ``spoken``: each image by its words, then the text."""
    return html.unescape(_TAG.sub("", _IMG.sub(lambda m: m.group(1), item))).strip()


def _log(user, table_id: int, language: str) -> list[str]:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/tables/{table_id}/").content.decode()
    found = _LOG.search(page)
    assert found, "no deal log on the page"
    return re.findall(r"<li>(.*?)</li>", found.group(1), re.S)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_name_of_card_symbols_is_said_as_written(make_table, players, language):
    names = ["A♠", "10♣ Vera", "♥", "Dasha"]
    for user, name in zip(players, names, strict=True):
        User.objects.filter(pk=user.pk).update(display_name=name)
        user.refresh_from_db()
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    for _ in range(4):  # the first moves of the bidding: everybody passes or bids
        deal.refresh_from_db()
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        user = dealing.deal_players(deal)[seat].member.user
        table_act(
            session_id=table.pk, user=user, action=Action.from_json({"do": "pass"}), expected_seq=deal.seq
        )
        deal.refresh_from_db()
        if deal.is_over:
            break
    items = _log(players[3], table.pk, language)
    said = [_spoken(item) for item in items]
    heard_as_cards: tuple[str, ...] = (card_name("AS", language), card_name("10C", language))
    with translation.override(language):
        heard_as_cards += (suit_name("H"),)
    assert sum(line.startswith(("A♠ ", "10♣ Vera ", "♥ ")) for line in said) >= 3, said
    assert not any(line.startswith(heard_as_cards) for line in said), said
    # A card the line names is still an image named in words (the trump card turned).
    assert any('role="img"' in item for item in items), items
