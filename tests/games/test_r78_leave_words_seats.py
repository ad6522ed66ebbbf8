"""Review 78: the confirmation before leaving a club (its own page, and the club page's) told a member
seated at a table only that his wallet's chips stay his: "Your 800 chips stay yours" with 200 more
at a table, and not a word of the seat he loses. Now it names each table he sits at, the chips he
has there and what becomes of them (after the deal in progress, when he plays one), in his language."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from games.services import table_sit

from .conftest import sit_all, start_deal


def _words(user, club, path: str, language: str = "en") -> str:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    client.cookies["django_language"] = language
    # "": the club page's box, which fetches the leave page's part with htmx when it is opened.
    address = f"/clubs/{club.slug}/leave/"
    headers = {"HTTP_HX_REQUEST": "true"} if path == "" else {}
    page = html.unescape(client.get(address, **headers).content.decode())
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


@pytest.mark.django_db
def test_a_member_seated_at_a_waiting_table_is_told_of_his_seat_and_its_chips(make_table, players, club):
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    for path in ("leave/", ""):
        words = _words(players[0], club, path)
        assert "Your 800 chips stay yours" in words
        assert (
            "You sit at “classic table” with 200 chips: you are stood up and they go back to your wallet."
            in words
        )
    ru = _words(players[0], club, "leave/", "ru")
    assert (
        "Вы сидите за столом «classic table» с 200 фишками: вы встанете из-за стола, "
        "и они вернутся в ваш кошелёк." in ru
    )
    bg = _words(players[0], club, "leave/", "bg")
    assert (
        "Седите на масата „classic table“ с 200 чипа: ставате от масата и те се връщат в портфейла ви." in bg
    )
    # Someone not seated reads nothing of tables.
    assert "You sit at" not in _words(players[1], club, "leave/")


@pytest.mark.django_db
def test_a_member_playing_a_deal_is_told_it_is_played_out_first(make_table, players, club):
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    words = _words(players[0], club, "leave/")
    found = re.search(
        r"You are playing a deal at “classic table” with (\d+) chips: the deal is played out", words
    )
    assert found and 0 < int(found.group(1)) <= 200, words
    assert "then you are stood up and what is left goes back to your wallet." in words
    ru = _words(players[0], club, "leave/", "ru")
    assert "Вы играете сдачу за столом «classic table»" in ru and "сдачу доиграют за вас" in ru
    bg = _words(players[0], club, "leave/", "bg")
    assert "Играете раздаване на масата „classic table“" in bg


@pytest.mark.django_db
def test_a_seat_reserved_ahead_is_said_to_be_given_up(make_table, players, club):
    from datetime import timedelta

    from django.utils import timezone

    from games.services import tables_tick
    from games.services.schedule import seat_reserve

    starts = timezone.now().replace(second=0, microsecond=0) + timedelta(days=2)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2))
    tables_tick(timezone.now())
    seat_reserve(session_id=table.pk, user=players[0], position=2)
    words = _words(players[0], club, "leave/")
    assert re.search(r"Seat 3 you reserved at “classic table” \(from [^)]+\) is given up\.", words), words
    assert "Ваша бронь места 3 за столом «classic table»" in _words(players[0], club, "leave/", "ru")
    bg = _words(players[0], club, "leave/", "bg")
    assert "Резервацията ви за място 3 на масата „classic table“" in bg
    assert "is given up" not in _words(players[1], club, "leave/")


@pytest.mark.django_db
def test_a_member_at_a_practice_table_is_told_he_is_stood_up_there_too(players, club):
    # Leaving the club stands him up at his practice table as well (member_leave_tables), but the box
    # named real tables only. Its chips are the club's: nothing is said of his wallet.
    from games.models import Seat
    from games.services.sessions import practice_table_open

    table = practice_table_open(club=club, user=players[3])
    assert Seat.objects.filter(session=table, member__user=players[3]).exists()
    title = table.title
    for path in ("leave/", ""):
        words = _words(players[3], club, path)
        said = [
            f"You sit at the practice table “{title}”: you are stood up.",
            f"You are playing a practice deal at “{title}”: it is played out for you by default moves, "
            "then you are stood up.",
        ]
        assert any(s in words for s in said), words
        assert f"“{title}” with" not in words  # no chips of the club's said to be his
    ru = _words(players[3], club, "leave/", "ru")
    assert "тренировоч" in ru and f"«{title}»" in ru
    bg = _words(players[3], club, "leave/", "bg")
    assert "тренировъчн" in bg and f"„{title}“" in bg
