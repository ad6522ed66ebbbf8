"""Review 144: a scenario file too large for the memory it is read in (81 MB of actions under a
1.5 GB limit) was refused with "internal error: MemoryError: ", the last resort for a bug, and no
word of what was wrong. Both commands now say the file is too large for the memory they have."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

import pytest

from games.engine import replay, verify


def _no_memory(*_args: Any, **_kwargs: Any) -> NoReturn:
    raise MemoryError


@pytest.mark.parametrize("command", [replay, verify], ids=["replay", "verify"])
def test_a_file_too_large_for_memory_is_said_so(command, tmp_path: Path, monkeypatch, capsys) -> None:
    path = tmp_path / "huge.json"
    path.write_text(json.dumps({"preset": "classic"}), encoding="utf-8")
    monkeypatch.setattr(json, "loads", _no_memory)
    assert command.main([str(path)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1
    assert "too large" in out.err and "internal error" not in out.err, out.err
