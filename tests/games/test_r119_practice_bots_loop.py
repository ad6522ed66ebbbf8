"""Review 119: whoever opens a practice table (any member) may seat and stand up its bots, and did so
without end: each round booked two journals of treasury chips that are never deleted, wrote a line of
the club's log and sent the table to all who watch it, and a script did it several times a second (the
sits limit, ``SITS_PER_TABLE_PER_HOUR``, counted his own sits only). Bots seated at his practice table
count against the same limit now; he is told, in his language, when he may seat another. A manager's
bots at a club table are his office, and are not limited."""

from __future__ import annotations

import pytest
from django.utils import timezone, translation

from games.models import Seat
from games.services import practice_table_open, table_bot_add, table_bot_remove
from games.services.errors import TableError
from ledger.models import Journal

from .conftest import sit_all

pytestmark = pytest.mark.django_db

LIMIT = 5


@pytest.fixture(autouse=True)
def _small_limit(settings) -> None:
    settings.SITS_PER_TABLE_PER_HOUR = LIMIT


@pytest.fixture(autouse=True)
def _no_time_zone():
    yield
    timezone.deactivate()


def test_seating_bots_in_a_loop_at_a_practice_table_stops(players, club):
    vera = players[0]
    table = practice_table_open(club=club, user=vera, preset="classic", bots=2)
    seated = Seat.objects.filter(session=table).exclude(bot="").count()  # its own bots count too
    assert table_bot_remove(session_id=table.pk, actor=vera, position=2) is True
    for _ in range(LIMIT - seated):
        table_bot_add(session_id=table.pk, actor=vera, position=2, buy_in=table.buy_in_min)
        table_bot_remove(session_id=table.pk, actor=vera, position=2)
    journals = Journal.objects.count()
    with pytest.raises(TableError) as refused:
        table_bot_add(session_id=table.pk, actor=vera, position=2, buy_in=table.buy_in_min)
    assert refused.value.code == "bots_limit"
    assert Journal.objects.count() == journals  # nothing booked by the refusal
    english = refused.value.message
    assert str(LIMIT) in english
    for language in ("ru", "bg"):
        with translation.override(language):
            assert refused.value.message != english
    # Standing one up is still his.
    assert table_bot_remove(session_id=table.pk, actor=vera, position=1) is True


def test_a_managers_bots_are_not_counted(make_table, players, owner):
    table = make_table(seats=3)
    sit_all(table, players[:1])
    for _ in range(LIMIT + 1):
        table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
        table_bot_remove(session_id=table.pk, actor=owner, position=2)
