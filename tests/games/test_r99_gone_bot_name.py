"""Review 99: a bot that had left its table kept its name from the club's people for good. Its seat
was left (stood up by a manager, its practice table closed), yet a member could not call himself
"Mila" and a person called Mila could not join, although no bot Mila played anywhere in the club:
the bots' names are the site's own picks from eleven common names, and every practice table seats
three, so a club soon reserved most of them for ever. A name is now kept from people only while a
bot holds a seat under it (sitting, or to leave after the deal it plays); a new bot avoids the
club's people when it sits, so a gone bot's name is not handed out again beside its new owner, and
a past deal still marks its bot as a bot."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from club.errors import ServiceError
from club.models import Club, User
from club.services import membership_join
from games.models import Seat
from games.services import table_bot_add, table_bot_remove

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(make_table, owner, players):
    table = make_table()
    table_bot_add(session_id=table.pk, actor=owner, position=1, buy_in=200)
    assert Seat.objects.get(session=table, position=1).bot_name == "Mila"
    return table


def test_a_bot_at_the_table_still_keeps_its_name(table, players) -> None:
    vera = User.objects.get(pk=players[0].pk)
    vera.display_name = "Mila"
    with pytest.raises(ValidationError):
        vera.full_clean()


def test_a_member_may_take_the_name_of_a_bot_that_has_gone(table, owner, players) -> None:
    assert table_bot_remove(session_id=table.pk, actor=owner, position=1)  # stood up at once
    vera = User.objects.get(pk=players[0].pk)
    vera.display_name = "Mila"
    vera.full_clean()


def test_a_person_named_like_a_bot_that_has_gone_joins(table, owner, club, make_user) -> None:
    table_bot_remove(session_id=table.pk, actor=owner, position=1)
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.OPEN)
    club.refresh_from_db()
    assert membership_join(club=club, user=make_user("mila99", display_name="Mila")).is_active


def test_a_new_bot_then_avoids_her_name(table, owner, club, make_user) -> None:
    table_bot_remove(session_id=table.pk, actor=owner, position=1)
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.OPEN)
    club.refresh_from_db()
    membership_join(club=club, user=make_user("mila99", display_name="Mila"))
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    assert Seat.objects.get(session=table, position=2).bot_name != "Mila"


def test_a_bot_still_seated_keeps_refusing_a_joiner(table, club, make_user) -> None:
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.OPEN)
    club.refresh_from_db()
    with pytest.raises(ServiceError):
        membership_join(club=club, user=make_user("mila99", display_name="Mila"))
