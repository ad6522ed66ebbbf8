"""Review 132: the demo's practice table ("Practice with bots", three bots and a free seat) keeps its
bots when the member who sat there closes his browser. The inactivity sweep emptied it as any table
nobody attends: the member stood up, and the three bots with him. The table stayed open with no bot,
a newcomer who sat there waited for players for good, and `make demo` started again said "A practice
table with three bots waits in the club" over the empty table."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from club import services
from club.models import Club, Membership, User
from games.jobs_inactivity import tables_idle_sweep
from games.models import Deal, Seat, TableSession
from games.services import table_bot_remove, table_sit, tables_tick
from games.services.schedule import session_cancel
from tests.games.conftest import _quick_tables  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db


def _seed() -> str:
    out = StringIO()
    call_command("seed_demo", "--allow-without-debug", stdout=out)
    return out.getvalue()


def _bots(table: TableSession) -> list[int]:
    return sorted(
        Seat.objects.filter(session=table, left_at__isnull=True)
        .exclude(bot="")
        .values_list("position", flat=True)
    )


def _practice() -> TableSession:
    return TableSession.objects.get(title="Practice with bots", status__in=["open", "running"])


def test_the_demo_practice_table_keeps_its_bots_when_its_player_goes_away() -> None:
    _seed()
    table = _practice()
    assert _bots(table) == [1, 2, 3]
    vera = User.objects.get(username="vera")
    table_sit(session_id=table.pk, user=vera, position=0, buy_in=500)
    tables_tick(timezone.now())
    deal = Deal.objects.get(session=table, finished_at__isnull=True)

    # She closes her browser: ten minutes without a sign of life, and the deal plays out by itself.
    later = timezone.now() + timedelta(minutes=11)
    assert tables_idle_sweep(later) == 1
    for second in range(1, 400):
        deal.refresh_from_db()
        if deal.is_over:
            break
        tables_tick(later + timedelta(seconds=second))
    assert deal.is_over
    tables_tick(later + timedelta(seconds=500))

    assert not Seat.objects.filter(session=table, member__user=vera, left_at__isnull=True).exists()
    assert _bots(table) == [1, 2, 3], "the practice table's bots wait for the next newcomer"
    assert not Deal.objects.filter(session=table, finished_at__isnull=True).exists(), "no deal among bots"

    out = _seed()  # `make demo` again
    table = _practice()
    assert _bots(table) == [1, 2, 3]
    assert "three bots waits" in out


def test_a_second_seed_seats_bots_again_at_a_practice_table_left_without_them() -> None:
    """A demo file whose practice table lost every bot (the sweep before this fix) gets them back at
    the next start, rather than the line saying three bots wait at it. Bots a manager stood up while
    others stay are his doing: they stay off, and the line says how many sit there."""
    _seed()
    table = _practice()
    anna = User.objects.get(username="anna")
    for position in (1, 2):
        table_bot_remove(session_id=table.pk, actor=anna, position=position)
    out = _seed()
    assert _bots(_practice()) == [3]
    assert "three bots" not in out and "“Practice with bots”, 1 bot at it." in out

    table_bot_remove(session_id=table.pk, actor=anna, position=3)
    assert _bots(table) == []
    out = _seed()
    assert _practice().pk == table.pk
    assert _bots(table) == [1, 2, 3]
    assert "three bots waits" in out


def test_a_second_seed_opens_the_practice_table_again_when_anna_no_longer_manages() -> None:
    """The club handed over to boris, anna gone, and the practice table closed by its new owner (the
    admin's Cancel closes one nobody sits at): `make demo` stopped with a traceback, the new practice
    table asked for in anna's name ("Only the club's managers can do this."). It is opened by the
    club's owner now."""
    _seed()
    club = Club.objects.get(slug="demo-club")
    anna = User.objects.get(username="anna")
    boris = User.objects.get(username="boris")
    services.club_hand_over(membership=Membership.objects.get(club=club, user=boris), actor=anna)
    services.membership_leave(club=club, user=anna)
    table = _practice()
    session_cancel(session_id=table.pk, actor=boris)
    assert TableSession.objects.get(pk=table.pk).status in ("finished", "cancelled")

    out = _seed()
    fresh = _practice()
    assert fresh.pk != table.pk and _bots(fresh) == [1, 2, 3]
    assert "three bots waits" in out
    assert "anna   Анна   not a member" in out
