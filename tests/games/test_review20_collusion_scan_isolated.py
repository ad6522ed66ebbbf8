"""The nightly collusion scan goes club by club: one club whose scan fails (a deal that cannot be
replayed, a bug) stopped the scan of every club after it, night after night, and the failure was
recorded for no club. Now it is recorded as a failed job of that club, and the others are scanned."""

from __future__ import annotations

import pytest

from club import services as club_services
from games.models import JobFailure
from games.services import collusion, table_session_create
from games.tasks import collusion_scan_job
from ledger.services import chips_grant

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def test_one_club_failing_does_not_stop_the_scan_of_the_others(
    make_table, players, make_user, make_club, monkeypatch
):
    first = make_table()
    sit_all(first, players[:2])
    play_deal_as_people(start_deal(first), players[:2])
    other_owner = make_user("olga2")
    other_club = make_club(other_owner, "Second Club")
    assert other_club.pk > first.club_id
    second_players = []
    for name in ("p1x", "p2x"):
        user = make_user(name)
        club_services.membership_join(club=other_club, user=user)
        chips_grant(
            membership=other_club.memberships.get(user=user),
            amount=1000,
            actor=other_owner,
            reason="start",
            idempotency_key=f"r20-{name}",
        )
        second_players.append(user)
    second = table_session_create(
        club=other_club,
        actor=other_owner,
        title="Second",
        preset="classic",
        stake=5,
        seat_count=4,
        buy_in_min=100,
        buy_in_max=500,
    )
    sit_all(second, second_players)
    play_deal_as_people(start_deal(second), second_players)

    real = collusion.collusion_scan
    scanned: list[int] = []

    def scan(*, club, now=None):
        scanned.append(club.pk)
        if club.pk == first.club_id:
            raise RuntimeError("a deal that cannot be replayed")
        return real(club=club, now=now)

    monkeypatch.setattr(collusion, "collusion_scan", scan)
    result = collusion_scan_job.apply(throw=False)
    assert not result.failed()
    assert scanned == [first.club_id, other_club.pk]
    failure = JobFailure.objects.get()
    assert failure.task == "games.collusion_scan" and failure.club_id == first.club_id
