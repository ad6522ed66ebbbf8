"""A table's first dealer is drawn from its first deal's seed, so the server cannot pick it once it
knows the deck (review 50's note); the deal's export says it is the table's first, and both
verifiers check it. A later deal's dealer follows the last one, as before."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from games.engine.fairness import deck_seed, first_dealer
from games.engine.verify import verify_scenario
from games.models import Deal

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _drawn(deal: Deal) -> int:
    mixed = deck_seed(bytes.fromhex(deal.seed), [c["value"] for c in deal.contributions])
    return first_dealer(mixed, len(deal.players))


def test_each_tables_first_dealer_is_its_seeds_draw(make_table, players) -> None:
    dealers = []
    for _ in range(6):  # six tables: a dealer drawn any other way matches all six one time in 4,096
        table = make_table()
        sit_all(table, players, buy_in=100)
        deal = start_deal(table)
        assert deal.number == 1 and deal.dealer == _drawn(deal), (deal.dealer, _drawn(deal))
        dealers.append(deal.dealer)
    assert len(set(dealers)) > 1, dealers  # drawn, not always the same seat


def test_the_first_deals_export_says_so_and_verifies(make_table, players) -> None:
    table = make_table()
    sit_all(table, players)
    first = play_deal_as_people(start_deal(table), players)
    table.refresh_from_db()
    table.next_deal_at = timezone.now()
    table.save(update_fields=["next_deal_at"])
    second = play_deal_as_people(start_deal(table), players)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    exported = client.get(f"/deals/{first.pk}/export.json").json()
    assert exported["deals"][0]["_fair"]["first"] is True
    output, status = verify_scenario(exported)
    assert status == 0 and output["ok"], output
    later = client.get(f"/deals/{second.pk}/export.json").json()
    assert "first" not in later["deals"][-1]["_fair"]
    assert verify_scenario(later)[1] == 0
    # A server that named another seat the first dealer (its hands sent round from there) is caught.
    tampered = exported["deals"][0]["_fair"]
    seats = len(tampered["hands"])
    tampered["dealer"] = (tampered["dealer"] + 1) % seats
    exported["dealer"] = tampered["dealer"]
    output, status = verify_scenario(exported)
    assert status == 1 and any("first deal's dealer" in p for p in output["deals"][0]["problems"]), output
