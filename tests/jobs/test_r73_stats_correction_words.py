"""Review 73: what a club's managers read when the nightly stats recount corrected something.

"Recent activity" said "Player statistics corrected · On: 2 · Differences: 2; Reason: nightly recount
of the players' statistics": not whose statistics, of which day, nor what changed. It now names each
player, the day and the counters with their old and new values.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from club.models import AuditLog, Membership
from games.models import PlayerStats
from games.stats import stats_recompute
from games.templatetags.club_stats import signed

from .conftest import sit_all

pytestmark = pytest.mark.django_db


def test_the_manager_reads_whose_counters_were_corrected(make_table, players, play_deals) -> None:
    table = make_table()
    sit_all(table, players)
    play_deals(table, players, 2)
    row = PlayerStats.objects.order_by("member_id").first()
    PlayerStats.objects.filter(pk=row.pk).update(net=row.net + 7)
    stats_recompute()
    member = Membership.objects.select_related("user").get(pk=row.member_id)
    client = Client()
    client.force_login(table.club.created_by)
    html = client.get(f"/clubs/{table.club.slug}/").content.decode()
    start = html.index('title="club.stats_corrected"')
    cell = html[start : html.index("</tr>", start)]
    assert f"@{member.user.username}" in cell
    assert f"Net chips {signed(row.net + 7)} → {signed(row.net)}" in cell
    with translation.override("bg"):
        words = AuditLog.objects.get(action="club.stats_corrected").details_text
    assert f"@{member.user.username}" in words and "Net chips" not in words
