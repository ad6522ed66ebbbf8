"""A table's export puts deals that follow each other in one scenario file. A deal that left out a
player waiting for an empty bank starts a file with one seat fewer; the next deal, once the bank
was empty, dealt that player in, and it was appended to the same file: the replay refused the file
("seat 2 is out of range"). Such a deal now starts a file of its own."""

from __future__ import annotations

import io
import json
import zipfile

from django.test import Client

from club.models import Membership
from games.engine.replay import run_scenario
from games.models import Deal
from games.services import dealing, table_sit

from .conftest import play_deal_as_people, sit_all, start_deal
from .test_review_replay import _everybody_passes


def test_every_file_of_the_tables_export_replays(make_table, players):
    table = make_table(preset="classic", seats=4, turn_seconds=600)
    fourth = players[3]
    # The most the table takes: a player who lost his stack over the many deals below stopped the
    # table ("the deal did not start"), now and then.
    sit_all(table, players[:3], buy_in=500)
    assert _everybody_passes(table, start_deal(table)).result == "redeal"  # the bank keeps the antes
    table_sit(session_id=table.pk, user=fourth, position=3, buy_in=500)
    waited = dealt_in = False
    # The waiting player is dealt in once the bank is empty: the bots' play decides when.
    for _ in range(100):
        deal = start_deal(table)
        setup = dealing.deal_state(deal).setup
        if setup.waiting and len(setup.dealt) < setup.seats:
            waited = True
        elif waited and len(setup.dealt) == setup.seats == 4:
            dealt_in = True
        people = [Membership.objects.get(pk=s.member_id).user for s in dealing.deal_players(deal)]
        play_deal_as_people(deal, people)
        if dealt_in:
            break
    assert waited and dealt_in, "the waiting player was never dealt in"
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    response = client.get(f"/tables/{table.pk}/export.json")
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        parts = [json.loads(archive.read(name)) for name in sorted(archive.namelist())]
    exported = [d["_deal"]["id"] for part in parts for d in part["deals"]]
    # A file that starts with a deal dealt again begins with the voided deal before it, so that it
    # replays alone: that deal is also the last of the file before.
    assert set(exported) == set(Deal.objects.filter(session=table).values_list("pk", flat=True))
    assert len(exported) - len(set(exported)) <= len(parts) - 1
    for part in parts:
        output, status = run_scenario(part)
        assert status == 0 and output["error"] is None, ([d["_deal"]["id"] for d in part["deals"]], output)
        last = Deal.objects.get(pk=part["deals"][-1]["_deal"]["id"])
        assert output["bank"] == last.outcome["bank"]
