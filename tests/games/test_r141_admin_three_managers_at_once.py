"""Review 141, found fine: three managers act on one seated player and his table in the admin at the
same moment, each on a connection of his own (PostgreSQL): one bans him, one stands him up, the
owner cancels the table. Between deals and during one, every answer is a page with words (no server
error, no deadlock), and the books still balance (``ledger_check``)."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from django.contrib.messages import get_messages
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.models import Seat

from .conftest import sit_all, start_deal


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    timezone.deactivate()
    yield
    timezone.deactivate()


def _client(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _at_once(*sends: tuple[Client, str, dict]) -> list[tuple[int, list[str]]]:
    barrier = threading.Barrier(len(sends))
    answers: list[tuple[int, list[str]]] = [(0, [])] * len(sends)

    def send(i: int, client: Client, url: str, data: dict) -> None:
        try:
            barrier.wait()
            response = client.post(url, data)
            answers[i] = (response.status_code, [str(m) for m in get_messages(response.wsgi_request)])
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(i, *sent)) for i, sent in enumerate(sends)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("dealing", [False, True], ids=["between deals", "during a deal"])
def test_a_ban_a_stand_up_and_a_cancel_at_once(club, owner, players, make_table, make_user, dealing):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    misha, sasha = make_user("misha141", display_name="Misha"), make_user("sasha141", display_name="Sasha")
    for user in (misha, sasha):
        club_services.membership_join(club=club, user=user)
        club_services.membership_set_role(
            membership=Membership.objects.get(club=club, user=user), actor=owner, role=Membership.Role.MANAGER
        )
    table = make_table()
    sit_all(table, players)
    if dealing:
        start_deal(table)
    seat = Seat.objects.get(session=table, position=1)
    member = Membership.objects.get(club=club, user=players[1])
    answers = _at_once(
        (
            _client(misha),
            "/admin/club/membership/",
            {"action": "ban_selected", "_selected_action": [member.pk]},
        ),
        (
            _client(sasha),
            "/admin/games/seat/",
            {"action": "stand_up_selected", "_selected_action": [seat.pk], "reason": "closing"},
        ),
        (
            _client(owner),
            "/admin/games/tablesession/",
            {"action": "cancel_selected", "_selected_action": [table.pk]},
        ),
    )
    assert [status for status, _said in answers] == [302, 302, 302], answers
    assert all(said for _status, said in answers), answers
    member.refresh_from_db()
    assert member.status == Membership.Status.BANNED
    seat.refresh_from_db()
    assert seat.status == Seat.Status.LEFT or seat.leave_after_deal
    call_command("ledger_check")
