"""Review 94: a member could take the name of a bot playing in his club ("Mila", or "Мila" with a
Cyrillic М, or "MlLA"): the move log said "Mila passes." of either, and the players could not tell
the person from the bot (a bot's name already avoids the club's people, not the other way round).
Such a display name is now refused with a clear message, in en, ru and bg."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import translation

from club.models import User
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


@pytest.mark.parametrize("name", ["Mila", "mila", "MILA", "Мila", "Mlla", "Ｍｉｌａ"])
def test_a_member_cannot_take_a_bot_name_of_his_club(bot_name, players, name) -> None:
    vera = User.objects.get(pk=players[0].pk)
    vera.display_name = name
    with pytest.raises(ValidationError) as excinfo:
        vera.full_clean()
    assert "A bot plays under this name" in excinfo.value.message_dict["display_name"][0]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "A bot plays under this name"),
        ("ru", "под этим именем играет бот"),
        ("bg", "с това име играе бот"),
    ],
)
def test_the_profile_page_says_why(bot_name, players, language, words) -> None:
    vera = players[0]
    client = Client()
    client.force_login(vera, backend="django.contrib.auth.backends.ModelBackend")
    form = {"display_name": bot_name, "email": vera.email, "time_zone": "UTC", "preferred_language": language}
    with translation.override(language):
        response = client.post("/accounts/profile/", form, HTTP_ACCEPT_LANGUAGE=language)
    assert words in response.content.decode(), response.content.decode()[-3000:]
    vera.refresh_from_db()
    assert vera.display_name != bot_name


def test_a_name_no_bot_of_his_clubs_has_is_still_his(bot_name, players, make_user) -> None:
    vera = User.objects.get(pk=players[0].pk)
    vera.display_name = "Milana"
    vera.full_clean()  # not a look-alike of "Mila"
    stranger = make_user("stranger94", display_name=bot_name)  # in no club with the bot
    stranger.full_clean()
