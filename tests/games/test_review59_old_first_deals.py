"""Review 59: a table's first deal dealt before its dealer was drawn from the seed (8672dc1) had its
dealer drawn on the server (secrets.randbelow), as the rules then said. Its export must not call it
a 'first' deal whose dealer the seed draws, or the verifier and the Fairness page call a fair past
deal unfair (the seed's draw differs from that dealer n-1 times in n)."""

from __future__ import annotations

import pytest
from django.test import Client

from games.engine.fairness import deck_seed, first_dealer
from games.engine.verify import verify_scenario
from games.models import Deal
from games.services import dealing

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def test_an_old_first_deal_is_not_called_unfairly_dealt(make_table, players, monkeypatch) -> None:
    # The old code: a dealer drawn on the server, here one the seed would not have drawn.
    monkeypatch.setattr(dealing, "first_dealer", lambda seed, seats: (first_dealer(seed, seats) + 1) % seats)
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    # ... and its row as the old code wrote it: without the mark new first deals carry.
    if "dealer_from_seed" in {f.name for f in Deal._meta.fields}:
        Deal.objects.filter(pk=deal.pk).update(dealer_from_seed=False)
    deal.refresh_from_db()
    drawn = first_dealer(
        deck_seed(bytes.fromhex(deal.seed), [c["value"] for c in deal.contributions]), len(deal.players)
    )
    assert deal.dealer != drawn
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    exported = client.get(f"/deals/{deal.pk}/export.json").json()
    assert "first" not in exported["deals"][0]["_fair"]
    output, status = verify_scenario(exported)
    # Review 98: its cards check, but a first deal without the mark cannot show that its dealer was
    # not picked (a server hiding a picked first dealer dropped the mark): said so, not "seat x".
    checked = output["deals"][0]
    assert checked["commitment_ok"] and checked["deck_ok"], output
    assert status == 1 and checked["problems"] == [
        "this is the table's first deal (number 1) and its record does not say that its dealer was "
        "drawn from its seed ('first'): the first dealer cannot be checked"
    ], output


def test_a_new_first_deal_carries_the_mark(make_table, players) -> None:
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    exported = client.get(f"/deals/{deal.pk}/export.json").json()
    assert exported["deals"][0]["_fair"]["first"] is True
