"""A journal moved back is logged on "journal #12": the audit log read that English to a Russian or
Bulgarian manager (review 13)."""

from __future__ import annotations

from django.utils import translation

from club.models import AuditLog


def test_a_reversal_names_its_journal_in_the_readers_words() -> None:
    row = AuditLog(action="chips.reversed", target="journal #12", data={"journal": 12, "reversal": 13})
    with translation.override("ru"):
        assert row.target_label == "проводка #12"
    with translation.override("bg"):
        assert "journal" not in row.target_label and "#12" in row.target_label
    assert AuditLog(action="table.opened", target="journal #12").target_label == "journal #12", "a title"
