"""Differential test: the engine still behaves exactly as the one the digests were recorded from.

``tests/engine/data/engine_digests.json.gz`` holds, per preset, digests of 10,000 deals played
through the public API (see ``engine_digest.py`` for what goes into a digest and how to trace a
deal). CI replays the first ``ENGINE_DIFF_DEALS`` deals of every preset (default 600: about half a
minute here); ``ENGINE_DIFF_DEALS=10000`` replays them all (several minutes).
"""

from __future__ import annotations

import os

import pytest

from games.engine import PRESETS
from tests.engine.engine_digest import deal_setup, first_difference, load_fixture

DEALS = int(os.environ.get("ENGINE_DIFF_DEALS", "600"))
FIXTURE = load_fixture()


def test_the_recording_covers_every_preset_and_frap_with_twelve() -> None:
    assert set(FIXTURE["presets"]) == set(PRESETS)
    for recorded in FIXTURE["presets"].values():
        assert recorded["deals"] == 10_000
        assert len(recorded["checkpoints"]) == 10_000 // FIXTURE["checkpoint"]
    assert any(deal_setup("frap", i)["players"] == 12 for i in range(min(DEALS, 60)))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_deals_match_the_recording(preset: str) -> None:
    recorded = FIXTURE["presets"][preset]
    problem = first_difference(preset, recorded, min(DEALS, recorded["deals"]))
    assert problem is None, problem
