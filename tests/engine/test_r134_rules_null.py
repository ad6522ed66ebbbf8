"""Review 134: ``"rules": null`` is no rule change, to the replay as to both verifiers.

The verifier and the Fairness page read a null ``rules`` as none (review 98); the replay refused it
("'rules' must be an object of parameter overrides"), so the command called a scenario with it
malformed, where it called the same deal's fairness record fair and the page called the file fair.
"""

from __future__ import annotations

import json

from games.engine.fairness import first_dealer
from games.engine.replay import run_scenario
from games.engine.verify import verify_scenario

from .test_review93_verify_seat_count import SEED, _file


def test_the_replay_reads_null_rules_as_none() -> None:
    data = _file(first_dealer(SEED, 4))
    with_none = json.loads(json.dumps({**data, "rules": None}))
    assert run_scenario(with_none) == run_scenario(json.loads(json.dumps(data)))
    assert run_scenario(with_none)[1] == 0


def test_the_command_checks_a_scenario_with_null_rules() -> None:
    data = _file(first_dealer(SEED, 4))
    output, status = verify_scenario(json.loads(json.dumps({**data, "rules": None})))
    assert status == 0 and output["ok"], output
