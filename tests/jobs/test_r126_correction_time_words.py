"""Review 126: the nightly recount's corrections, as a club's managers read them, gave "Time played"
in bare seconds ("Time played 3725 → 3600") beside a board that reads hours and minutes
("1 h 02 min"): a reader took them for minutes, or for chips. They read as time now, to the second
(a correction of a few seconds is still one the reader can see)."""

from __future__ import annotations

import pytest
from django.utils import translation

from club.models import AuditLog
from games.models import PlayerStats
from games.stats import stats_recompute

from .conftest import sit_all

pytestmark = pytest.mark.django_db


def test_time_played_corrected_reads_as_time(make_table, players, play_deals) -> None:
    table = make_table()
    sit_all(table, players)
    play_deals(table, players, 1)
    row = PlayerStats.objects.order_by("member_id").first()
    PlayerStats.objects.filter(pk=row.pk).update(seconds_played=3725)
    stats_recompute()
    recounted = row.seconds_played
    words = {}
    for lang in ("en", "ru", "bg"):
        with translation.override(lang):
            words[lang] = AuditLog.objects.get(action="club.stats_corrected").details_text
    assert "3725" not in words["en"] and f"3725 → {recounted}" not in words["en"], words["en"]
    minutes, seconds = divmod(recounted, 60)
    assert f"Time played 1 h 02 min 05 s → {minutes} min {seconds:02d} s" in words["en"], words["en"]
    assert "1 ч 02 мин 05 с" in words["ru"], words["ru"]
    assert "1 ч 02 мин 05 с" in words["bg"], words["bg"]
