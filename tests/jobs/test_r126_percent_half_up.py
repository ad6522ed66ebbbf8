"""Review 126: "Snores made, %" (and the success chart's rates) were rounded with Python's round(),
which takes a half to the even number: 1 snore made of 8 read 12 % (12.5), 5 of 8 read 62 % (62.5)
while 3 of 8 read 38 % (37.5). A half goes up now, as a reader rounds it: 13 %, 63 %, 38 %."""

from __future__ import annotations

import pytest

from club.models import Membership
from games.models import PlayerStats
from games.stats import Counters
from games.stats_read import leaderboard, snore_rate

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("made", "tried", "shown"),
    [(1, 8, 13), (3, 8, 38), (5, 8, 63), (7, 8, 88), (1, 3, 33), (2, 3, 67), (0, 8, 0), (8, 8, 100)],
)
def test_snores_made_percent_rounds_a_half_up(made, tried, shown) -> None:
    assert snore_rate(Counters(snores_made=made, snores_failed=tried - made)) == shown


def test_the_board_reads_it(club, players) -> None:
    member = Membership.objects.get(club=club, user=players[0])
    PlayerStats.objects.create(
        club=club, member=member, day="2026-01-05", deals=8, snores_made=1, snores_failed=7
    )
    (row,) = leaderboard(club=club, period="all")
    assert row.snore_rate == 13
