"""Review 124: a table's title, a deal report's comment, the reason a player is stood up for (the
table's socket and the admin) refused an emoji built with a zero-width joiner ("👨‍💻", "🤦‍♂️") as
an invisible character. They take it now; a joiner between letters is still refused."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Report, Seat, TableSession
from games.protocol import StandUp, parse_message
from games.services import TableError, table_session_create

from .conftest import TABLE_FORM, play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db

VALUES = {"preset": "classic", "stake": 5, "seat_count": 4, "buy_in_min": 100, "buy_in_max": 500}
CODER = "Friday 👨\u200d💻"


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_the_service_opens_a_table_with_a_joined_emoji_in_its_title(club, owner):
    session = table_session_create(club=club, actor=owner, title=CODER, **VALUES)
    assert session.title == CODER


def test_a_joiner_between_letters_is_still_refused_in_a_title(club, owner):
    with pytest.raises(TableError) as caught:
        table_session_create(club=club, actor=owner, title="Fri\u200dday", **VALUES)
    assert "invisible characters" in str(caught.value.message)


@pytest.mark.parametrize("headers", [{}, {"HTTP_HX_REQUEST": "true"}])
def test_the_club_page_form_opens_it_plain_and_by_htmx(club, owner, headers):
    response = _client(owner).post(
        f"/clubs/{club.slug}/tables/new/", {**TABLE_FORM, "title": CODER}, **headers
    )
    assert response.status_code in (200, 204, 302), response.status_code
    assert TableSession.objects.get(club=club).title == CODER


def test_a_report_comment_with_a_joined_emoji_is_filed(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    response = _client(players[0]).post(
        f"/deals/{deal.pk}/report/", {"reason": "cheating", "comment": "He saw my cards 🤦\u200d♂️"}
    )
    assert response.status_code == 302
    assert Report.objects.get(deal=deal).comment == "He saw my cards 🤦\u200d♂️"


def test_the_socket_reads_a_stand_up_reason_with_a_joined_emoji():
    message = parse_message({"do": "standup", "position": 2, "reason": "gone home 🏳️\u200d🌈"})
    assert isinstance(message, StandUp) and message.reason == "gone home 🏳️\u200d🌈"
    with pytest.raises(TableError):
        parse_message({"do": "standup", "position": 2, "reason": "gone\u200dhome"})


def test_the_admin_stands_up_with_a_joined_emoji_in_the_reason(make_table, players, owner):
    table = make_table()
    sit_all(table, players[:3])
    seat = Seat.objects.get(session=table, position=2)
    _client(owner).post(
        "/admin/games/seat/",
        {
            "action": "stand_up_selected",
            "_selected_action": [seat.pk],
            "reason": "went home 👨\u200d👩\u200d👧",
        },
        follow=True,
    )
    seat.refresh_from_db()
    assert seat.status == Seat.Status.LEFT
    assert seat.left_note == "went home 👨\u200d👩\u200d👧"
