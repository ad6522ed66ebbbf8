"""Review 143: an open collusion flag shows the pair as the night's scan read them, also once the
pair scores under the flagging line. Its numbers were updated only while the pair stayed flagged:
a pair that played on together read "4 deals together" and the score of the night it was flagged,
weeks later, and a report filed from it said so too."""

from __future__ import annotations

import pytest

from games import collusion
from games.models import CollusionFlag, Deal
from games.services.collusion import collusion_scan, deal_record

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _played_out(table, players, more: int) -> None:
    """``more`` more deals played out at ``table`` (the scan leaves redeals out)."""
    wanted = Deal.objects.filter(session=table).exclude(result="redeal").count() + more
    for _ in range(more * 6):
        play_deal_as_people(start_deal(table), players)
        if Deal.objects.filter(session=table).exclude(result="redeal").count() >= wanted:
            return
    pytest.skip("too many redeals")


def test_an_open_flag_follows_the_pair(make_table, players, club, monkeypatch):
    pair = players[:2]
    table = make_table(seats=2)
    sit_all(table, pair, buy_in=500)
    _played_out(table, pair, 2)
    with monkeypatch.context() as low:  # far too few deals by the real lines: lowered to raise a flag
        low.setattr(collusion, "MIN_DEALS", 1)
        low.setattr(collusion, "FLAG_SIGNAL", -1.0)
        (flag,) = collusion_scan(club=club)
    before = flag.deal_count
    _played_out(table, pair, 3)
    monkeypatch.setattr(collusion, "MIN_DEALS", 10**6)  # tonight the pair is flagged no more
    assert collusion_scan(club=club) == []
    deals = Deal.objects.filter(session=table).exclude(result="redeal").order_by("number")
    scores = {(min(p.a, p.b), max(p.a, p.b)): p for p in collusion.pair_scores(deal_record(d) for d in deals)}
    tonight = scores[(flag.first_id, flag.second_id)]
    flag.refresh_from_db()
    assert flag.status == CollusionFlag.Status.OPEN
    assert flag.deal_count == tonight.deals > before
    assert flag.score == tonight.score
    assert flag.deals == tonight.deal_ids
