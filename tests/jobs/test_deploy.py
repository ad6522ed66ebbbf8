"""The production shape runs the worker and beat: `make serve` and docker/compose.yaml, where web,
worker and beat start only after migrate has finished."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_compose_starts_web_worker_and_beat_after_migrate() -> None:
    compose = (ROOT / "docker" / "compose.yaml").read_text()
    assert "migrate: {condition: service_completed_successfully}" in compose
    services = dict(re.findall(r"^  (\w+):\n((?:    .*\n|\n)*)", compose, flags=re.MULTILINE))
    for name in ("web", "worker", "beat"):
        # The first mapping of a YAML merge list wins: the migrate dependency must come first.
        assert "<<: [*after-migrate, *app]" in services[name], name
    assert "celery -A club worker" in services["worker"]
    assert "celery -A club beat" in services["beat"]
    assert "after-migrate" not in services["migrate"]
    assert "TABLE_CLOCK: ${TABLE_CLOCK:-celery}" in compose


def test_make_serve_runs_daphne_a_worker_and_beat_after_migrate() -> None:
    makefile = (ROOT / "Makefile").read_text()
    serve = makefile.split("\nserve:", 1)[1].split("\n\n", 1)[0]
    assert serve.startswith(" migrate")
    for command in ("celery -A club worker", "celery -A club beat", "daphne"):
        assert command in serve, command
