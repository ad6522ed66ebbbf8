"""A date in a table socket's message reads in its reader's time zone, as on the pages: a member in
Tokyo suspended until 10:00 UTC was told "until ... 10:00" on the table and "until ... 19:00" on the
club page (the socket wrote every date in UTC)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.utils import timezone

from club import services as club_services
from club.models import Membership

from .sockets import connect, error_of, frames, is_error

pytestmark = pytest.mark.django_db(transaction=True)


def _until() -> datetime:
    day = (timezone.now() + timedelta(days=3)).date()
    return datetime(day.year, day.month, day.day, 10, 0, tzinfo=UTC)  # 19:00 in Tokyo


def _in_tokyo(user) -> None:
    user.time_zone = "Asia/Tokyo"
    user.preferred_language = "en"
    user.save(update_fields=["time_zone", "preferred_language"])


@pytest.mark.parametrize("how", ["suspend", "ban"])
def test_the_end_of_a_suspension_or_ban_that_closes_a_table_socket_is_in_the_readers_time(
    how, make_table, players, owner
):
    table = make_table()
    user = players[0]
    _in_tokyo(user)
    membership = Membership.objects.get(club=table.club, user=user)
    act = club_services.membership_suspend if how == "suspend" else club_services.membership_ban

    async def scenario() -> list[str]:
        socket = await connect(user, table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        await sync_to_async(act)(membership=membership, actor=owner, reason="slow play", until=_until())
        return await frames(socket, timeout=1)

    errors = [error_of(f) for f in async_to_sync(scenario)() if is_error(f)]
    assert errors and errors[-1]["error"] == ("suspended" if how == "suspend" else "banned_until")
    assert "7 p.m." in errors[-1]["message"], errors[-1]["message"]
    assert "10 a.m." not in errors[-1]["message"]
