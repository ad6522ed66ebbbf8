"""Snapshots outlive code: a deal stored mid-play by snapshot format 1 (a fixture file, written once and
never regenerated) loads and is played to the end through ``table_act``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine import events as ev
from games.models import Deal, Seat
from games.services import booking, dealing
from games.services.snapshots import FORMAT, state_dump, state_load
from ledger.services import ledger_verify

from .conftest import play_deal_as_people, sit_all
from .test_ledger_contract import _ledger_matches_engine

FIXTURE = Path(__file__).parent / "fixtures" / "classic_midplay_v1.json"


def test_the_snapshot_leaves_the_rules_to_the_session(make_table):
    table = make_table()
    stored = json.loads(FIXTURE.read_text())
    state = state_load(stored["state"], rules=table.rules, snapshot_format=stored["format"])
    assert "rules" not in stored["state"]["setup"]
    assert state_dump(state) == stored["state"]
    with pytest.raises(ValueError):
        state_load(stored["state"], rules=table.rules, snapshot_format=FORMAT + 1)


def test_a_move_s_snapshot_does_not_write_the_rules_out(monkeypatch):
    """Issue 12: every move wrote the table's rules out (some forty fields) into the snapshot's dict
    only to delete them: the snapshot is written without them, in the same shape and order."""
    from games.engine import PRESETS, Rules

    stored = json.loads(FIXTURE.read_text())
    state = state_load(stored["state"], rules=PRESETS["classic"].to_json(), snapshot_format=stored["format"])

    def written(self):
        raise AssertionError("the rules were written out for a snapshot")

    monkeypatch.setattr(Rules, "to_json", written)
    dumped = state_dump(state)
    assert dumped == stored["state"]
    assert list(dumped) == list(stored["state"]) and list(dumped["setup"]) == list(stored["state"]["setup"])


def test_a_stored_mid_deal_snapshot_is_finished(make_table, players):
    stored = json.loads(FIXTURE.read_text())
    assert stored["format"] == 1
    table = make_table()
    sit_all(table, players, buy_in=200)
    seats = list(Seat.objects.filter(session=table).order_by("position"))
    state = state_load(stored["state"], rules=table.rules, snapshot_format=stored["format"])
    # The ledger as it stood when the snapshot was taken: the antes and the holds of the deal so far.
    opening = [ev.ante(s, a) for s, a in enumerate(state.setup.antes) if a]
    holds = [ev.hold(s, h) for s, h in enumerate(state.holds) if h]
    deal = Deal.objects.create(
        session=table,
        number=1,
        players=[s.pk for s in seats],
        dealer=state.setup.dealer,
        commitment="0" * 64,
        seed="1" * 64,
        state=stored["state"],
        snapshot_format=stored["format"],
        seq=stored["seq"],
    )
    booking.deal_book(session=table, deal_id=deal.pk, seq=0, events=opening, players=seats)
    booking.deal_book(session=table, deal_id=deal.pk, seq=1, events=holds, players=seats)
    _ledger_matches_engine(table)
    assert dealing.deal_state(deal).phase == "play"

    deal = play_deal_as_people(deal, players, after_each=lambda: _ledger_matches_engine(table))
    assert deal.is_over and deal.result == "played"
    assert sum(deal.outcome["stacks"]) + deal.outcome["bank"] == 800
    assert ledger_verify()[0] == []
