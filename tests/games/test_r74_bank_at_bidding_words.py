"""Review 74: the table's "B0" (the bank when bidding started, what a trick is worth) is the rules'
notation. In Russian and Bulgarian it stood in Latin letters, and a screen reader read it out as
"B zero" next to a number, with its meaning only in a tooltip a reader does not say. It is said in
the page's language now, and shown as the rules' short letter of that language."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def _term(page: str) -> tuple[str, str]:
    """The "B0" term of the table: (what a screen reader says, what the eye sees)."""
    dt = re.search(r'<dt title="[^"]*">(.*?)</dt>', page, flags=re.S)
    assert dt is not None, "no bank-at-bidding term"
    inner = dt.group(1)
    said = re.sub(r"<[^>]+>", "", re.sub(r'<span aria-hidden="true">.*?</span>', "", inner))
    seen = re.sub(r"<[^>]+>", "", re.sub(r'<span class="visually-hidden">.*?</span>', "", inner))
    return said.strip(), seen.strip()


@pytest.mark.parametrize(
    ("language", "said", "seen"),
    [
        ("en", "The bank when bidding started: what tricks are worth", "B0"),
        ("ru", "Банк в начале торговли: от него считается цена взяток", "Б0"),
        ("bg", "Банката в началото на обявяването: от нея се смята стойността на ръцете", "Б0"),
    ],
)
def test_the_bank_at_bidding_is_said_and_shown_in_the_page_s_language(
    make_table, players, language, said, seen
) -> None:
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    players[0].preferred_language = language
    players[0].save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    assert _term(client.get(f"/tables/{table.pk}/").content.decode()) == (said, seen)
