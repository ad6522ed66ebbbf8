"""Review 34: docker/compose.yaml gave no service a restart policy. A beat or a worker that died
(out of memory, a crash) stayed down, and with it every table's schedule and clock, and after the
host restarted nothing of the site came back. Every long-running service comes back by itself;
``migrate`` runs once."""

from __future__ import annotations

from .test_deploy import _compose

LONG_RUNNING = ("postgres", "redis", "web", "worker", "beat")


def test_every_long_running_service_comes_back_by_itself() -> None:
    services = _compose()["services"]
    for name in LONG_RUNNING:
        assert services[name].get("restart") in {"unless-stopped", "always"}, name


def test_migrate_runs_once() -> None:
    assert _compose()["services"]["migrate"]["restart"] == "no"


def test_beats_schedule_outlives_its_container() -> None:
    """Beat's schedule file (when each job last ran) was in the container's /tmp: a beat recreated
    during the nightly window skipped that night's jobs (review 34's note). It is on a volume."""
    compose = _compose()
    beat = compose["services"]["beat"]
    schedule = beat["command"].split("--schedule=")[1].split()[0]
    mounts = {m.split(":")[1]: m.split(":")[0] for m in beat.get("volumes", [])}
    folder = schedule.rsplit("/", 1)[0]
    assert folder in mounts and mounts[folder] in compose["volumes"]
