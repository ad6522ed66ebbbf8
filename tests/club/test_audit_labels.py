"""Every dotted action the code writes to the audit log has a label a reader understands."""

from __future__ import annotations

import re
from pathlib import Path

from club.models import AUDIT_ACTION_LABELS, AuditLog

ROOT = Path(__file__).resolve().parents[2]
ACTION = re.compile(r'"((?:club|membership|invite|chips|ledger|table|session)\.[a-z_]+)"')


def test_every_written_action_has_a_label() -> None:
    written: set[str] = set()
    for app in ("club", "ledger", "games"):
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts or path.name == "models.py":
                continue
            for line in path.read_text(encoding="utf-8").splitlines():
                if "action=" in line:
                    written |= set(ACTION.findall(line))
    assert written, "the scan found no audit actions at all"
    missing = sorted(written - set(AUDIT_ACTION_LABELS))
    assert not missing, f"audit actions without a label: {missing}"


def test_label_is_translated_and_unknown_actions_show_their_code() -> None:
    from django.utils import translation

    with translation.override("ru"):
        assert AuditLog(action="membership.banned").action_label == "Блокировка в клубе"
    assert AuditLog(action="something.new").action_label == "something.new"


def test_a_yes_or_no_and_a_game_read_in_the_readers_language() -> None:
    """Review 9: a table's opening read "Practice table: False; Game: classic" in ru and bg."""
    from django.utils import translation

    row = AuditLog(action="table.opened", data={"table": 3, "preset": "classic", "practice": False})
    with translation.override("bg"):
        text = row.details_text
        assert "False" not in text and "classic" not in text
        assert "Тренировъчна маса: не" in text
        assert "Игра: Класически храп" in text
    with translation.override("ru"):
        text = AuditLog(action="table.opened", data={"practice": True, "preset": "frap"}).details_text
        assert "True" not in text and "frap" not in text
        assert ": да" in text.lower()
