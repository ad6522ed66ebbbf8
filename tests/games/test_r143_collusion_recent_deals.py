"""Review 143 (held): a collusion flag's "Recent deals" are the pair's latest deals, also when the
pair played at a table set up earlier after an older one (the scan reads the deals table by table)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from games import collusion
from games.models import CollusionFlag, Deal
from games.services.collusion import collusion_scan
from games.services.seating import table_leave

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone():
    timezone.deactivate()


def _played(table, players, count: int) -> list[Deal]:
    """Deals at ``table`` until ``count`` of them were played out (the scan leaves redeals out)."""
    for _ in range(count * 6):
        play_deal_as_people(start_deal(table), players)
        played = list(Deal.objects.filter(session=table).exclude(result="redeal"))
        if len(played) >= count:
            return played
    pytest.skip("too many redeals")


def test_the_recent_deals_are_the_latest_ones(make_table, players, owner, club, monkeypatch):
    monkeypatch.setattr(collusion, "MIN_DEALS", 1)
    monkeypatch.setattr(collusion, "FLAG_SIGNAL", -1.0)
    pair = players[:2]
    later = make_table(seats=2)  # set up first, played at last
    earlier = make_table(seats=2)
    sit_all(earlier, pair, buy_in=500)
    first = _played(earlier, pair, 6)
    for user in pair:
        table_leave(session_id=earlier.pk, user=user)
    sit_all(later, pair, buy_in=500)
    last = _played(later, pair, 1)
    (flag,) = collusion_scan(club=club)
    finished = dict(Deal.objects.filter(pk__in=flag.deals).values_list("pk", "finished_at"))
    assert flag.deals == sorted(flag.deals, key=finished.__getitem__)
    assert flag.deals[-1] == last[-1].pk and flag.deals[0] == first[0].pk
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/clubs/{club.slug}/collusion/").content.decode()
    assert f"/deals/{last[-1].pk}/replay/" in page
    assert CollusionFlag.objects.get(pk=flag.pk).deals == flag.deals
