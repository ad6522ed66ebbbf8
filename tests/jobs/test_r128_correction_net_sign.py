"""Review 128: the nightly recount's corrections gave the net chips without their sign ("Net chips
57 → 50") beside a board that reads "+57": a reader took 57 for another number than the board's.
They read as the board does now ("Net chips +57 → -3", nought without a sign)."""

from __future__ import annotations

import pytest
from django.utils import translation

from club.models import Membership
from games.stats_read import stats_differences_words

pytestmark = pytest.mark.django_db


def test_net_chips_corrected_read_with_their_sign(make_table, players) -> None:
    table = make_table()
    member = Membership.objects.filter(club=table.club).select_related("user").first()
    differences = [
        {"member": member.pk, "day": "2026-12-05", "fields": {"net": {"stored": 57, "recounted": -3}}},
        {"member": member.pk, "day": "2026-12-06", "fields": {"net": {"stored": 0, "recounted": 12}}},
    ]
    with translation.override("en"):
        words = stats_differences_words(differences)
    assert "Net chips +57 → -3" in words, words
    assert "Net chips 0 → +12" in words, words
