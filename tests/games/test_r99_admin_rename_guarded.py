"""Review 99: an operator renaming someone in the admin (Users) was held to fewer rules than the
person renaming himself on his profile. A person with no display name is shown by his username:
the admin renamed "gleb7" to "vera" beside the club's "Vera", or to "mila" beside the club's bot
"Mila", and the club showed two players nobody could tell apart. The admin now refuses either
with a clear message on the username, as the profile refuses a display name."""

from __future__ import annotations

import pytest
from django.test import Client

from club.models import User
from games.models import Seat
from games.services import table_bot_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def root(make_user) -> User:
    return make_user("root99", is_staff=True, is_superuser=True)


def _admin(user: User) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _change_form(user: User, **changes) -> dict:
    joined = user.date_joined
    data = {
        "username": user.username,
        "email": user.email,
        "display_name": user.display_name,
        "preferred_language": user.preferred_language,
        "time_zone": user.time_zone,
        "is_active": "on",
        "date_joined_0": joined.strftime("%Y-%m-%d"),
        "date_joined_1": joined.strftime("%H:%M:%S"),
    }
    data.update(changes)
    return data


@pytest.fixture
def unnamed(players) -> User:
    """A member shown by his username (no display name)."""
    gleb = User.objects.get(pk=players[1].pk)
    User.objects.filter(pk=gleb.pk).update(display_name="")
    gleb.refresh_from_db()
    return gleb


@pytest.mark.parametrize("username", ["vera", "Vеra"])  # the second with a Cyrillic е
def test_the_admin_refuses_a_username_shown_like_a_clubmates_name(root, unnamed, username) -> None:
    response = _admin(root).post(
        f"/admin/club/user/{unnamed.pk}/change/", _change_form(unnamed, username=username)
    )
    assert response.status_code == 200, response.status_code
    assert "shown by the username, which would look like the name of someone" in response.content.decode()
    unnamed.refresh_from_db()
    assert unnamed.username != username


def test_the_admin_refuses_a_username_shown_like_a_bot_of_his_club(root, unnamed, make_table, owner) -> None:
    table = make_table()
    table_bot_add(session_id=table.pk, actor=owner, position=0, buy_in=200)
    assert Seat.objects.get(session=table, position=0).bot_name == "Mila"
    response = _admin(root).post(
        f"/admin/club/user/{unnamed.pk}/change/", _change_form(unnamed, username="mila")
    )
    assert response.status_code == 200, response.status_code
    assert "shown by the username, which would read like the name a bot" in response.content.decode()
    unnamed.refresh_from_db()
    assert unnamed.username != "mila"


def test_the_admin_refuses_a_display_name_of_a_clubmate_or_a_bot(root, players, make_table, owner) -> None:
    gleb = players[1]
    table = make_table()
    table_bot_add(session_id=table.pk, actor=owner, position=0, buy_in=200)
    for name, words in (("Vеra", "looks like the name of someone"), ("Мila", "A bot plays under this name")):
        response = _admin(root).post(
            f"/admin/club/user/{gleb.pk}/change/", _change_form(gleb, display_name=name)
        )
        assert response.status_code == 200 and words in response.content.decode(), name
    gleb.refresh_from_db()
    assert gleb.display_name == "Gleb"


def test_a_username_no_one_reads_alike_is_still_renamed(root, unnamed) -> None:
    response = _admin(root).post(
        f"/admin/club/user/{unnamed.pk}/change/", _change_form(unnamed, username="glebushka")
    )
    assert response.status_code == 302, response.content.decode()[-2000:]
    unnamed.refresh_from_db()
    assert unnamed.username == "glebushka"


def test_the_admin_checks_a_new_name_under_his_clubs_rows_held(root, unnamed, club) -> None:
    """As a profile's rename and a join do (review 91): checked without, a look-alike joining at the
    same moment passed too. The club's row is held (FOR NO KEY UPDATE) before the name is checked."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = _admin(root)
    with CaptureQueriesContext(connection) as seen:
        response = client.post(
            f"/admin/club/user/{unnamed.pk}/change/", _change_form(unnamed, username="gleb99")
        )
    assert response.status_code == 302
    sql = [q["sql"] for q in seen.captured_queries]
    held = [n for n, text in enumerate(sql) if "FOR NO KEY UPDATE" in text and '"club_club"' in text]
    renamed = [n for n, text in enumerate(sql) if text.startswith('UPDATE "club_user"')]
    assert held and renamed and held[0] < renamed[0], sql
