"""Review 141: the admin's table and seat actions on "all N across the pages" (Django's select-across)
acted on the list as it stood when the action ran, as the bans and approvals did before review 121:
"Cancel the selected tables" cancelled a table a colleague scheduled after the list was shown (its
reservations with it), unseen; "Stand the selected players up" stood up a player who sat down after
it. Such a selection is refused whole now, saying so; rows ticked on the page, and a selection that
still matches, are acted on as before."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.models import Seat, TableSession
from games.services import table_session_create, table_sit
from tests.club.conftest import client_for
from tests.club.page_form import form_sent

pytestmark = pytest.mark.django_db

TABLES = "admin:games_tablesession_changelist"
SEATS = "admin:games_seat_changelist"


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.fixture
def colleague(club, owner, make_user):
    user = make_user("misha141", display_name="Misha")
    club_services.membership_join(club=club, user=user)
    club_services.membership_set_role(
        membership=Membership.objects.get(club=club, user=user), actor=owner, role=Membership.Role.MANAGER
    )
    return user


def _schedule(club, actor, title: str) -> TableSession:
    return table_session_create(
        club=club,
        actor=actor,
        title=title,
        preset="classic",
        seat_count=4,
        stake=5,
        buy_in_min=100,
        buy_in_max=500,
        starts_at=(timezone.now() + timedelta(days=2)).replace(second=0, microsecond=0),
    )


def _shown(client, name: str) -> dict[str, list[str]]:
    page = client.get(reverse(name))
    assert page.status_code == 200
    return form_sent(page.content.decode(), "changelist-form")


def _said(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def _across(sent: dict[str, list[str]], action: str, row: int, **more: str) -> dict[str, list[str]]:
    return {
        **sent,
        "action": [action],
        "select_across": ["1"],
        "_selected_action": [str(row)],
        **{key: [value] for key, value in more.items()},
    }


def test_a_table_scheduled_after_the_list_was_shown_is_not_cancelled_across_pages(club, owner, colleague):
    seen = _schedule(club, owner, "Monday")
    client = client_for(owner)
    sent = _shown(client, TABLES)
    unseen = _schedule(club, colleague, "Tuesday")  # scheduled while the list is open
    response = client.post(reverse(TABLES), _across(sent, "cancel_selected", seen.pk))
    assert any("after the list was shown" in text for text in _said(response)), _said(response)
    for table in (seen, unseen):
        table.refresh_from_db()
        assert table.status == TableSession.Status.SCHEDULED


def test_tables_selected_across_pages_that_still_match_are_cancelled(club, owner):
    seen = _schedule(club, owner, "Monday")
    client = client_for(owner)
    sent = _shown(client, TABLES)
    response = client.post(reverse(TABLES), _across(sent, "cancel_selected", seen.pk))
    seen.refresh_from_db()
    assert seen.status == TableSession.Status.CANCELLED, _said(response)


def test_ticked_tables_are_cancelled_as_before(club, owner, colleague):
    seen = _schedule(club, owner, "Monday")
    client = client_for(owner)
    sent = _shown(client, TABLES)
    unseen = _schedule(club, colleague, "Tuesday")
    client.post(reverse(TABLES), {**sent, "action": ["cancel_selected"], "_selected_action": [str(seen.pk)]})
    seen.refresh_from_db()
    unseen.refresh_from_db()
    assert (seen.status, unseen.status) == (TableSession.Status.CANCELLED, TableSession.Status.SCHEDULED)


def test_a_player_seated_after_the_list_was_shown_is_not_stood_up_across_pages(make_table, players, owner):
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    seen = Seat.objects.get(session=table, position=0)
    client = client_for(owner)
    sent = _shown(client, SEATS)
    table_sit(session_id=table.pk, user=players[1], position=1, buy_in=200)  # sits while the list is open
    response = client.post(reverse(SEATS), _across(sent, "stand_up_selected", seen.pk, reason="closing"))
    assert any("after the list was shown" in text for text in _said(response)), _said(response)
    assert Seat.objects.filter(session=table).exclude(status=Seat.Status.LEFT).count() == 2


def test_players_selected_across_pages_that_still_match_are_stood_up(make_table, players, owner):
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    seen = Seat.objects.get(session=table, position=0)
    client = client_for(owner)
    sent = _shown(client, SEATS)
    response = client.post(reverse(SEATS), _across(sent, "stand_up_selected", seen.pk, reason="closing"))
    seen.refresh_from_db()
    assert seen.status == Seat.Status.LEFT, _said(response)
