"""Review 144: ``python -m games.engine.replay - <&-`` (standard input closed, as a cron job or a
service may start it) said "internal error: AttributeError: 'NoneType' object has no attribute
'read'", the last resort for a bug; so did the verifier. Both now say standard input is closed."""

from __future__ import annotations

import pytest

from games.engine import replay, verify


@pytest.mark.parametrize("command", [replay, verify], ids=["replay", "verify"])
def test_a_closed_standard_input_is_said_so(command, monkeypatch, capsys) -> None:
    monkeypatch.setattr("sys.stdin", None)
    assert command.main(["-"]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert "standard input is closed" in out.err and "internal error" not in out.err, out.err
    assert out.err.count("\n") == 1
