"""The README's shell blocks run as pasted in a fresh clone after `make demo` or `make venv`: the
project's commands go through the venv's interpreter (a plain ``python`` is often missing, or has
none of the project's packages), and no placeholder stands where the site refuses to start. The
Load block ran ``python manage.py ...`` with ``SECRET_KEY=...``: with DEBUG off, "..." is refused."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _shell_lines() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", readme, flags=re.DOTALL)
    assert blocks
    return [line.split("#", 1)[0].strip() for block in blocks for line in block.splitlines()]


def test_project_commands_in_the_readme_run_with_the_venv_s_python() -> None:
    marks = ("manage.py", "-m games.", "-m club.")
    project = [line for line in _shell_lines() if any(mark in line for mark in marks)]
    assert project
    for line in project:
        words = shlex.split(line)
        runner = next(w for w in words if "python" in w)
        assert runner == ".venv/bin/python", line


def test_no_secret_key_placeholder_the_site_refuses() -> None:
    for line in _shell_lines():
        for word in shlex.split(line):
            if word.startswith("SECRET_KEY="):
                value = word.split("=", 1)[1]
                assert value.startswith("$(") or len(value) >= 50, line
