"""Review 101: the "My chips" chart draws a member's last ``SERIES_POINTS`` entries, and started them
at zero whatever the balance was before them. A member with more history than that (a regular, a
few weeks of play) saw his chips leap from 0 at the chart's left edge, and 0 labelled as his lowest
balance, though his wallet had never been near it in those entries. The chart starts at the
balance before the first entry it draws."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from club.models import Club
from ledger.models import Journal
from ledger.selectors import SERIES_POINTS
from ledger.services import account_treasury, account_wallet, journal_post

pytestmark = pytest.mark.django_db


def _chart(client: Client, club: Club) -> str:
    html = client.get(f"/clubs/{club.slug}/chips/").content.decode()
    return html.split('<svg class="chips-chart"', 1)[1].split("</svg>", 1)[0]


def _labels(svg: str) -> list[int]:
    return [int(v) for v in re.findall(r'font-size="11">(-?\d+)</text>', svg)]


def _grant(club: Club, member, amount: int, n: int) -> None:
    journal_post(
        club=club,
        kind=Journal.Kind.GRANT,
        idempotency_key=f"r101-chart:{member.pk}:{n}",
        memo="weekly",
        lines=[(account_treasury(club=club), -amount), (account_wallet(membership=member), amount)],
    )


def test_a_long_history_is_not_drawn_from_zero(club: Club, member_factory) -> None:
    member = member_factory()
    _grant(club, member, 5000, 0)
    for n in range(1, SERIES_POINTS + 5):  # more entries than the chart draws, each of 1 chip
        _grant(club, member, 1, n)
    client = Client()
    client.force_login(member.user)
    svg = _chart(client, club)
    # The entries drawn hold 5005 to 5204 chips, from 5004 before them: nothing near zero.
    assert sorted(_labels(svg)) == [5004, 5000 + SERIES_POINTS + 4], svg
    start = re.search(r'd="M[\d.]+,([\d.]+)H', svg)
    assert start is not None and float(start[1]) > 160.0, svg  # the bottom of the chart, its lowest
    assert f"{SERIES_POINTS} entries" in svg and "now 5204 chips" in svg, svg


def test_a_short_history_still_starts_at_zero(club: Club, member_factory) -> None:
    member = member_factory()
    _grant(club, member, 300, 0)
    _grant(club, member, 200, 1)
    client = Client()
    client.force_login(member.user)
    svg = _chart(client, club)
    assert sorted(_labels(svg)) == [0, 500], svg
