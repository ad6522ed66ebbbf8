"""A deal no scenario can say (a player waited for an empty bank, and the deck was the one for all
the seats, not for those dealt in) had no fairness check at all: its ``export.json`` was a 404 and
the Fairness page opened from it empty. Its fairness record (deck, commitment, seed, the players'
strings and the hands) is now given instead: ``python -m games.engine.verify`` checks it."""

from __future__ import annotations

import json

from django.test import Client

from club import services as club_services
from club.models import Membership
from games.engine.verify import verify_scenario
from games.models import Deal
from games.services import dealing, table_sit
from ledger.services import chips_grant

from .conftest import play_deal_as_people, sit_all, start_deal
from .test_review_replay import _everybody_passes


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _a_deal_with_a_player_waiting(make_table, players, make_user, owner) -> Deal:
    fifth = make_user("fifth")
    table = make_table(preset="frap", seats=5, turn_seconds=600)
    club_services.membership_join(club=table.club, user=fifth)
    membership = Membership.objects.get(club=table.club, user=fifth)
    chips_grant(membership=membership, amount=1000, actor=owner, reason="start")
    sit_all(table, players)
    voided = _everybody_passes(table, start_deal(table))  # the antes stay in the bank
    assert voided.result == "redeal"
    table_sit(session_id=table.pk, user=fifth, position=4, buy_in=200)
    deal = start_deal(table)
    setup = dealing.deal_state(deal).setup
    assert setup.seats == 5 and len(setup.dealt) == 4 and len(setup.deck) == 36
    return play_deal_as_people(deal, [*players, fifth])


def test_such_a_deal_still_has_its_fairness_record(make_table, players, make_user, owner):
    deal = _a_deal_with_a_player_waiting(make_table, players, make_user, owner)
    client = _client(players[0])
    response = client.get(f"/deals/{deal.pk}/export.json")
    assert response.status_code == 200
    record = json.loads(response.content)
    output, status = verify_scenario(record)
    assert status == 0 and output["ok"], output
    page = client.get(f"/fairness/?deal={deal.pk}").content.decode()
    assert deal.seed in page and deal.commitment in page


def test_the_tables_export_holds_it_too(make_table, players, make_user, owner):
    deal = _a_deal_with_a_player_waiting(make_table, players, make_user, owner)
    response = _client(players[0]).get(f"/tables/{deal.session_id}/export.json")
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        parts = [json.loads(archive.read(name)) for name in sorted(archive.namelist())]
    ids = [d["_deal"]["id"] for part in parts for d in part["deals"]]
    assert deal.pk in ids, ids
    record = next(part for part in parts if part["deals"][-1]["_deal"]["id"] == deal.pk)
    assert verify_scenario(record)[1] == 0
