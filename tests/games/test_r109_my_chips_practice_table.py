"""My chips named the tables a member's chips are at "back in your wallet when you stand up"
(review 101's left-out), and counted a practice table among them: its stack is the member's own
account, but its chips are the club's treasury's, lent for practice, and go back to the treasury when
he stands up (games.services.booking._source_account). A player with 1000 chips in his wallet who
pressed "Practice" read that 1000 more would come to his wallet. Practice tables are left out; the
real tables he sits at are still named. Found opening a practice table and reading My chips."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.services import table_leave
from games.services.sessions import practice_table_open

from .conftest import sit_all

pytestmark = pytest.mark.django_db


def _at_tables(user, club) -> str:
    client = Client()
    client.force_login(user)
    page = client.get(f"/clubs/{club.slug}/chips/").content.decode()
    found = re.search(r'<p id="chips-at-tables">(.*?)</p>', page, re.S)
    return " ".join(re.sub(r"<[^>]+>", "", found.group(1)).split()) if found else ""


def test_a_practice_tables_chips_are_not_said_to_come_to_the_wallet(make_table, players, club):
    vera = players[0]
    table = make_table()
    sit_all(table, players, buy_in=200)
    practice = practice_table_open(club=club, user=vera)
    assert practice.practice
    assert _at_tables(vera, club) == "At tables, back in your wallet when you stand up: classic table 200"
    table_leave(session_id=table.pk, user=vera)
    assert _at_tables(vera, club) == ""
