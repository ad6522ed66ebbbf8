"""Review 24: a deal's scenario file leaves out a seat that sat the deal out waiting for an empty bank
(the format has no such seat). At a Student table (3 to 4 players, RULES.md 7) a deal of three seats
of which one waited became a file of two players, which ``python -m games.engine.replay`` refuses
("student is played by 3 to 4 players, not 2"): the deal page offered a download that does not
replay. Such a deal now downloads as its fairness record, as a deal with a different deck does."""

from __future__ import annotations

import io
import json
import zipfile

from django.test import Client

from games.engine.replay import run_scenario
from games.engine.verify import main as verify_main
from games.history import deal_export_or_record
from games.services import dealing, table_leave, table_sit

from .conftest import sit_all, start_deal
from .test_review_replay import _everybody_passes


def _files(response) -> list[dict]:
    if response["Content-Type"].startswith("application/zip"):
        with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
            return [json.loads(archive.read(name)) for name in sorted(archive.namelist())]
    return [json.loads(response.content)]


def test_a_student_deal_with_a_waiting_seat_downloads_as_something_that_checks(
    make_table, players, tmp_path
):
    table = make_table(preset="student", seats=3, turn_seconds=600)
    sit_all(table, players[:3])
    assert _everybody_passes(table, start_deal(table)).result == "redeal"  # the bank keeps the antes
    table_leave(session_id=table.pk, user=players[2])
    table_sit(session_id=table.pk, user=players[3], position=2, buy_in=200)  # waits: the bank is not empty
    deal = start_deal(table)
    setup = dealing.deal_state(deal).setup
    assert setup.seats == 3 and len(setup.dealt) == 2
    _everybody_passes(table, deal)
    data = deal_export_or_record(deal)
    if "stacks" in data:  # a scenario: it must replay
        output, status = run_scenario(data)
        assert status == 0 and output["error"] is None, output["error"]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(data))
    assert verify_main([str(path)]) == 0
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    for url in (f"/deals/{deal.pk}/export.json", f"/tables/{table.pk}/export.json"):
        response = client.get(url)
        assert response.status_code == 200, url
        for n, part in enumerate(_files(response)):
            if "stacks" in part:
                output, status = run_scenario(part)
                assert status == 0 and output["error"] is None, (url, output["error"])
            else:  # a fairness record: it must verify (anything else downloaded was checked by nobody)
                path = tmp_path / f"download-{n}.json"
                path.write_text(json.dumps(part))
                assert verify_main([str(path)]) == 0, (url, part)
