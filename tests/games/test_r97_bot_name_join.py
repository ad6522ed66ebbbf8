"""Review 97: review 94 refused a member's display name that reads like a bot's playing in his club,
but only when he changed it in his profile: a person already called "Mila" (or "Мila") joined the
club whose tables a bot "Mila" plays at, by the open door, a request or an invite, and the move log
and the deal list said "Mila" of both. An entry into a club now checks the club's bots too."""

from __future__ import annotations

import pytest

from club.errors import ServiceError
from club.models import Club, Membership
from club.services import membership_join
from games.models import Seat
from games.services import table_bot_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def bot_name(make_table, owner, players) -> str:
    table = make_table()
    table_bot_add(session_id=table.pk, actor=owner, position=1, buy_in=200)
    name = Seat.objects.get(session=table, position=1).bot_name
    assert name == "Mila"  # the first of BOT_NAMES nobody in the club is called (players has an Ivan)
    return name


@pytest.mark.parametrize("name", ["Mila", "Мila", "MILA"])
def test_a_person_named_like_the_clubs_bot_cannot_join(bot_name, club, make_user, name) -> None:
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.OPEN)
    club.refresh_from_db()
    mila = make_user("mila97", display_name=name)
    with pytest.raises(ServiceError) as excinfo:
        membership_join(club=club, user=mila)
    assert "A bot plays under your display name" in excinfo.value.message
    assert not Membership.objects.filter(club=club, user=mila).exists()


def test_shown_by_a_username_that_reads_like_the_bot(bot_name, club, make_user) -> None:
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.APPROVAL)
    club.refresh_from_db()
    mila = make_user("mila", display_name="")
    with pytest.raises(ServiceError):
        membership_join(club=club, user=mila)


def test_another_name_joins(bot_name, club, make_user) -> None:
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.OPEN)
    club.refresh_from_db()
    membership_join(club=club, user=make_user("milana97", display_name="Milana"))


@pytest.mark.parametrize(("language", "words"), [("ru", "играет бот"), ("bg", "играе бот")])
def test_the_refusal_is_said_in_his_language(bot_name, club, make_user, language, words) -> None:
    from django.utils import translation

    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.OPEN)
    club.refresh_from_db()
    mila = make_user("mila97", display_name="Mila")
    with translation.override(language), pytest.raises(ServiceError) as excinfo:
        membership_join(club=club, user=mila)
    assert words in excinfo.value.message
