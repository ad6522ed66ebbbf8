"""A bot named like a player. The bots are given people's names ("Ivan", "Mila"), and the first free
one went to a bot seated beside the club's own Ivan: the table's move log read "Ivan passes." for
either, the deal list "Ivan, Ivan". A bot takes a name no member of the club is shown by. Review 69."""

from __future__ import annotations

import pytest

from club import services
from club.confusables import name_forms
from games.models import Seat
from games.services import table_session_create
from games.services.seating import BOT_NAMES, table_bot_add
from ledger.services import chips_grant

from .conftest import m

pytestmark = pytest.mark.django_db


def test_a_bot_is_not_named_like_a_member(club, owner, make_user):
    ivan = make_user("ivan_k", display_name="Іvan")  # a Ukrainian І, read as Ivan
    services.membership_join(club=club, user=ivan)
    make_user("mila", display_name="")  # shown by his username, but no member of the club
    plain = make_user("zoya", display_name="")
    services.membership_join(club=club, user=plain)
    chips_grant(membership=m(club, ivan), amount=1000, actor=owner, reason="start")
    table = table_session_create(
        club=club, actor=owner, title="Friday", preset="classic", seat_count=4,
        stake=5, buy_in_min=100, buy_in_max=500, turn_seconds=30,
    )
    names = []
    for position in range(3):
        table_bot_add(session_id=table.pk, actor=owner, position=position, buy_in=100)
        names.append(Seat.objects.get(session=table, position=position).bot_name)
    assert names[0] == BOT_NAMES[1]  # "Mila": Ivan is the club's
    for name in names:
        assert not set(name_forms(name)) & set(name_forms("Ivan"))
        assert not set(name_forms(name)) & set(name_forms("zoya"))
    assert len(set(names)) == 3
