"""Review 99: when the club's people are called by every one of the bots' names (eleven common
ones: a club of a few hundred has them all), a bot is called "Bot N" with N one more than the bots
at its table. One of two such bots gone, the next took the name of the one still sitting ("Bot 2"
beside "Bot 2"), and a member called "Bot 1" was not avoided either. The number is now the first
that no bot at the table and no one the club shows is called by."""

from __future__ import annotations

import pytest

from club.models import User
from games.models import Seat
from games.services import seating, table_bot_add, table_bot_remove

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _every_name_shown(monkeypatch) -> None:
    monkeypatch.setattr(seating, "BOT_NAMES", ("Ivan",))  # the club's players have an Ivan


def _names(table) -> list[str]:
    return list(
        Seat.objects.filter(session=table)
        .exclude(status=Seat.Status.LEFT)
        .exclude(bot="")
        .values_list("bot_name", flat=True)
    )


def test_a_bot_does_not_take_the_number_of_one_still_sitting(make_table, owner, players) -> None:
    table = make_table()
    table_bot_add(session_id=table.pk, actor=owner, position=1, buy_in=200)
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    assert sorted(_names(table)) == ["Bot 1", "Bot 2"]
    table_bot_remove(session_id=table.pk, actor=owner, position=1)
    table_bot_add(session_id=table.pk, actor=owner, position=3, buy_in=200)
    names = _names(table)
    assert len(set(names)) == len(names) == 2, names


def test_a_bot_avoids_a_member_called_by_a_number(make_table, owner, players) -> None:
    vera = User.objects.get(pk=players[0].pk)
    vera.display_name = "Bot 1"
    vera.save()
    table = make_table()
    table_bot_add(session_id=table.pk, actor=owner, position=1, buy_in=200)
    assert _names(table) != ["Bot 1"]
