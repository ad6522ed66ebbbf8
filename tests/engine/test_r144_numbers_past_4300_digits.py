"""Review 144: numbers a file implies past Python's 4,300-digit limit on turning an int into text.

A file may hold numbers of up to 4,300 digits (the limit json reads them under). Stacks and a bank of
4,300 nines played, but the engine's "cannot cover" message names twice the bank, and the output's
chips after a deal have 4,301 digits: the replay said "internal error: ValueError: Exceeds the
limit (4300 digits) for integer string conversion" (exit 2, the file being well formed), or printed
a traceback and exited 1 with nothing on standard output; the verifier said the same "Exceeds the
limit" as if the file were malformed. Both now print the numbers in full.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from games.engine import replay, verify

from .test_review38_scenario_files import EXAMPLE

NINES = "9" * 4300


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "big.json"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _big_bank() -> str:
    """Stacks and bank of 4,300 nines: seat 1's snore holds twice the bank, which his stack cannot
    cover, and the refusal names both."""
    text = json.dumps(EXAMPLE)
    old = '"stacks": [100, 100, 100, 100], "bank": 0'
    assert old in text
    return text.replace(old, f'"stacks": [{NINES}, {NINES}, {NINES}, {NINES}], "bank": {NINES}')


def _big_stake() -> str:
    """A stake of 10**4299 and stacks of 4,300 nines: after the deal a stack has 4,301 digits."""
    text = json.dumps(EXAMPLE)
    assert '"stake": 5' in text
    text = text.replace('"stake": 5', '"stake": 1' + "0" * 4299)
    return text.replace('"stacks": [100, 100, 100, 100]', f'"stacks": [{NINES}, {NINES}, {NINES}, {NINES}]')


def test_a_refusal_naming_a_number_past_the_limit_is_printed(tmp_path, capsys) -> None:
    status = replay.main([_write(tmp_path, _big_bank())])
    out = capsys.readouterr()
    assert (status, out.err) == (1, "")
    with replay.any_digits():  # the test's own reading of the long numbers
        error = json.loads(out.out)["error"]
        assert error["code"] == "cannot_afford" and str(2 * int(NINES)) in error["message"]


def test_an_outcome_past_the_limit_is_printed(tmp_path, capsys) -> None:
    status = replay.main([_write(tmp_path, _big_stake())])
    out = capsys.readouterr()
    assert (status, out.err) == (0, "")
    with replay.any_digits():
        stacks = json.loads(out.out)["stacks"]
        assert stacks[1] == int(NINES) + 10**4299  # seat 1 ends a stake up, as in the worked example
        assert len(str(stacks[1])) == 4301


def test_the_verifier_reads_such_a_file(tmp_path, capsys) -> None:
    """The example has no fairness record: "not checked" (exit 1), not an unreadable file."""
    status = verify.main([_write(tmp_path, _big_bank())])
    out = capsys.readouterr()
    assert status == 1 and out.err == ""
    assert json.loads(out.out)["ok"] is False


@pytest.mark.parametrize("command", [replay, verify], ids=["replay", "verify"])
def test_the_limit_stays_for_reading(command, tmp_path, capsys) -> None:
    """Only what the file implies is printed in full: a number of 4,301 digits in the file itself is
    still refused as unreadable (the limit guards the reading against a file of a million digits),
    and the interpreter's limit is as it was after the command."""
    limit = sys.get_int_max_str_digits()
    status = command.main([_write(tmp_path, _big_bank().replace(NINES, NINES + "9", 1))])
    err = capsys.readouterr().err
    assert status == 2 and "internal error" not in err
    replay.main([_write(tmp_path, _big_stake())])
    capsys.readouterr()
    assert sys.get_int_max_str_digits() == limit
