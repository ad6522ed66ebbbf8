"""Review 134: a file with no deal to check is malformed, as the Fairness page calls it.

``python -m games.engine.verify`` answered a file whose ``deals`` is empty with
``{"ok": false, "deals": []}`` and exit status 1, "a check failed", naming no check and no problem;
the Fairness page called the same file "not a scenario file with a fairness record".
"""

from __future__ import annotations

import json

import pytest

from games.engine.verify import VerifyError, main, verify_scenario


@pytest.mark.parametrize(
    "data",
    [
        {"preset": "classic", "rules": {}, "deals": []},
        {"preset": "classic", "stake": 5, "stacks": [100, 100], "bank": 0, "dealer": 0, "deals": []},
    ],
)
def test_no_deal_is_a_malformed_file(data, tmp_path, capsys) -> None:
    with pytest.raises(VerifyError, match="no deal"):
        verify_scenario(data)
    path = tmp_path / "empty.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "no deal" in err and "Traceback" not in err
