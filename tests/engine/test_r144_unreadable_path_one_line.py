"""Review 144: a file name with a line break in it, which the replay could not read, took two lines of
standard error ("replay: cannot read /tmp/no" and "such.json: [Errno 2] …"); SCENARIOS.md promises
one. The name is now quoted as JSON writes it, its line break as \\n."""

from __future__ import annotations

from pathlib import Path

from games.engine import replay


def test_a_missing_file_with_a_line_break_in_its_name_is_one_line(tmp_path: Path, capsys) -> None:
    path = tmp_path / "no\nsuch.json"
    assert replay.main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith("replay: cannot read ") and "no\\nsuch.json" in err
    assert "No such file or directory" in err


def test_a_directory_is_one_line_too(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "a\nfolder"
    folder.mkdir()
    assert replay.main([str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a\\nfolder" in err, err
