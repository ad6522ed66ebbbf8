"""Review 98: text a scenario file may not hold.

``python -m games.engine.replay`` and ``games.engine.verify`` read standard input in the locale's
encoding: under the C locale (cron, a container, ``LC_ALL=C``) Python reads it with surrogateescape,
so a file of invalid UTF-8 piped in was played and passed, the bad bytes turned into lone surrogates.
A JSON escape did the same from any file: a NUL (``\\u0000``) or an unpaired surrogate (``\\ud800``)
in a ``_comment`` or any other string went through. Both commands now refuse such a file as
malformed (exit status 2, a one-line message, nothing on standard output), and so does the Fairness
page's verifier.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine.fairness import first_dealer
from games.engine.replay import run_scenario
from games.engine.verify import VerifyError, verify_scenario

from .test_review93_verify_seat_count import _HARNESS, JS, SEATS, SEED, _file, _node

ROOT = Path(__file__).resolve().parents[2]
BASE = (
    '{"preset": "classic", "stake": 5, "stacks": [100, 100], "bank": 0, "dealer": 0, '
    '"_comment": "X", "deals": []}'
)


def _run(module: str, data: bytes, locale: str = "C") -> subprocess.CompletedProcess:
    env = {**os.environ, "LC_ALL": locale, "PYTHONIOENCODING": "", "PYTHONUTF8": "0"}
    env.pop("PYTHONIOENCODING")
    return subprocess.run(
        [sys.executable, "-m", f"games.engine.{module}", "-"],
        input=data,
        capture_output=True,
        cwd=ROOT,
        env=env,
    )


@pytest.mark.parametrize("module", ["replay", "verify"])
def test_invalid_utf8_on_standard_input_is_malformed(module: str) -> None:
    done = _run(module, BASE.replace("X", "caf\xe9").encode("latin-1"))
    assert done.returncode == 2, done
    assert done.stdout == b""
    assert b"UTF-8" in done.stderr and b"Traceback" not in done.stderr, done.stderr


@pytest.mark.parametrize("module", ["replay", "verify"])
def test_good_utf8_on_standard_input_is_read_under_any_locale(module: str) -> None:
    done = _run(module, BASE.replace("X", "café ♠").encode("utf-8"))
    if module == "replay":
        assert done.stderr == b"" and done.returncode == 0, done
    else:  # read and parsed: it has no deal to check (review 134: malformed, not "unfair")
        assert done.returncode == 2 and b"no deal to check" in done.stderr, done


BAD = ["a\\u0000b", "\\ud800", "x\\udfffy", "\\udc80"]


@pytest.mark.parametrize("text", BAD)
def test_a_nul_or_a_lone_surrogate_is_malformed(text: str) -> None:
    for where in ("top", "key", "action"):
        if where == "top":
            raw = BASE.replace("X", text)
        elif where == "key":
            raw = BASE.replace('"_comment": "X"', f'"_c{text}": 1')
        else:
            raw = BASE.replace(
                '"deals": []', f'"deals": [{{"deck": [], "actions": [{{"seat": 0, "do": "{text}"}}]}}]'
            )
        data = json.loads(raw)
        output, status = run_scenario(data)
        assert status == 2 and "NUL" in output["error"]["message"], (where, output)
        with pytest.raises(VerifyError, match="NUL"):
            verify_scenario(json.loads(raw))


def test_a_paired_surrogate_escape_is_a_character() -> None:
    # "\ud83c\udca1" is one character (U+1F0A1, the ace of spades): JSON's way to write it.
    output, status = run_scenario(json.loads(BASE.replace("X", "\\ud83c\\udca1")))
    assert status == 0, output


def test_the_page_calls_such_a_file_malformed() -> None:
    node = _node()
    fair = _file(first_dealer(SEED, SEATS))  # fair, but for the text put in it
    for text in ["ok", *BAD]:
        data = json.dumps({**fair, "_comment": json.loads(f'"{text}"')})
        done = subprocess.run(
            [node, "-e", _HARNESS, str(JS)], input=data, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout == ("fair" if text == "ok" else "malformed"), (text, done.stdout)
