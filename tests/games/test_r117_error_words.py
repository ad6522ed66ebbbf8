"""Review 117: every refusal of the table services (games/services/errors.py), filled with values of
the kind its sentence names, reads in Russian and in Bulgarian: in that language's letters, with no
placeholder left unfilled and no English sentence through, its dates in the reader's words."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.utils import timezone, translation

from games.services.errors import _MESSAGES, TableError

WHEN = datetime(2026, 12, 9, 18, 30, tzinfo=UTC)
_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
_ENGLISH_MONTHS = re.compile(r"\b(?:Dec|December|p\.m\.|a\.m\.)\b")


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _params(code: str) -> dict[str, object]:
    with translation.override("en"):
        # A plural sentence (ngettext_lazy on one of its values) reads empty without its number;
        # given one alone, it reads its plural form unfilled (review 121).
        english = str(_MESSAGES[code]) or _MESSAGES[code] % 2
    return {
        name: WHEN if name in ("until", "when") else ("причина" if name in ("reason", "problem") else 7)
        for name in _PLACEHOLDER.findall(english)
    }


@pytest.mark.parametrize("language", ["ru", "bg"])
@pytest.mark.parametrize("code", sorted(_MESSAGES))
def test_every_refusal_reads_in_the_readers_language(code: str, language: str) -> None:
    params = _params(code)
    with translation.override("en"):
        english = TableError(code, **params).message
    with translation.override(language), timezone.override("Europe/Sofia"):
        said = TableError(code, **params).message
    if code == "bad_session":  # the sentence is its problem, already in the reader's words
        assert said == "причина"
        return
    assert re.search(r"[А-Яа-яЁё]", said), said
    assert said != english
    assert "%(" not in said and "%s" not in said, said
    assert not _ENGLISH_MONTHS.search(said), said
