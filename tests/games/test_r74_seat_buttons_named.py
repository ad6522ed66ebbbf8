"""Review 74: a table's seat controls, as a screen reader lists a page's buttons. Each free seat had
its "Sit down" and "Seat a bot here", each bot its "Stand the bot up", each player (for a manager)
his "Stand up…": four buttons of one name, nothing to say which seat or whom. Each names its seat
or its player now (words only a screen reader reads)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.services import table_bot_add

from .conftest import sit_all

pytestmark = pytest.mark.django_db


def _names(page: str) -> list[str]:
    """The text of each button and summary as a screen reader names it (hidden words included)."""
    found = re.findall(r"<(button|summary)\b[^>]*>(.*?)</\1>", page, flags=re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", inner)).strip() for _tag, inner in found]


def test_each_seat_control_says_its_seat_or_its_player(make_table, players, owner) -> None:
    owner.preferred_language = "ru"
    owner.save(update_fields=["preferred_language"])
    table = make_table(seats=5)
    sit_all(table, players[:2])
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    names = _names(client.get(f"/tables/{table.pk}/").content.decode())
    vera, gleb = players[0].display_name, players[1].display_name
    for who in (vera, gleb):
        for name in (f"Убрать из-за стола… {who}", f"Убрать {who}"):
            assert names.count(name) == 1, (name, names)
    bots = [n for n in names if n.startswith("Убрать бота ")]
    assert len(bots) == 1 and len(bots[0]) > len("Убрать бота "), names
    for seat in (4, 5):
        assert names.count(f"Сесть, место {seat}") == 1, names
        assert names.count(f"Посадить сюда бота, место {seat}") == 1, names
