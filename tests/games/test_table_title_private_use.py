"""Review 112's left-out: display names and club names refuse private-use characters (each device
draws them its own way, or not at all), but a table's title took them, and every member read the
table's name in the lobby and its exported files differently. A manager's title holding one is
refused with a sentence that says why; a practice table's title, made from its owner's name (which
may be older than the rule), is still opened."""

from __future__ import annotations

import pytest

from games.models import TableSession
from games.services import TableError
from games.services.sessions import practice_table_open, table_session_create

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("title", ["Friday \ue000", "Night \U000f0001 table", "\U00100000"])
def test_a_title_with_a_private_use_character_is_refused(club, owner, title):
    before = TableSession.objects.count()
    with pytest.raises(TableError) as refused:
        table_session_create(
            club=club,
            actor=owner,
            title=title,
            preset="classic",
            seat_count=4,
            stake=5,
            buy_in_min=100,
            buy_in_max=500,
            turn_seconds=30,
        )
    assert "private-use" in refused.value.message, refused.value.message
    assert getattr(refused.value, "field", None) == "title"
    assert TableSession.objects.count() == before


def test_a_plain_title_still_opens(club, owner):
    table = table_session_create(
        club=club,
        actor=owner,
        title="Friday ♠ night",
        preset="classic",
        seat_count=4,
        stake=5,
        buy_in_min=100,
        buy_in_max=500,
        turn_seconds=30,
    )
    assert table.title == "Friday ♠ night"


def test_a_practice_table_of_an_older_name_with_one_still_opens(club, players):
    vera = players[0]
    type(vera).objects.filter(pk=vera.pk).update(display_name="Vera \ue000")  # saved before the rule
    vera.refresh_from_db()
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    assert "\ue000" in table.title
