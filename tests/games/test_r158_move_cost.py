"""Review 158: what drawing a table frame costs per socket, a few times per move.

Every reader's frame names the trump in words; the four suits were looked up in the catalogue for
each frame (four translations for one word), the largest share of the translating a frame did.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation

from games import presenter


@pytest.fixture(autouse=True)
def _no_zone() -> Iterator[None]:
    from django.utils import timezone

    timezone.deactivate()
    yield
    timezone.deactivate()


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    calls: list[tuple[Any, ...]] = []
    real = presenter.pgettext

    def counted(*args: Any) -> str:
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(presenter, "pgettext", counted)
    return calls


def test_a_suit_is_looked_up_once_per_language(monkeypatch: pytest.MonkeyPatch) -> None:
    with translation.override("ru"):
        presenter.suit_name("S")
    calls = _counting(monkeypatch)
    with translation.override("ru"):
        assert [presenter.suit_name("S") for _ in range(3)] == ["пики"] * 3
    assert calls == []


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["spades", "hearts", "diamonds", "clubs", ""]),
        ("ru", ["пики", "черви", "бубны", "трефы", ""]),
    ],
)
def test_the_words_follow_the_active_language(language: str, words: list[str]) -> None:
    # The other language first: a word remembered for one is never the other's.
    other = "ru" if language == "en" else "en"
    with translation.override(other):
        [presenter.suit_name(s) for s in "SHDC"]
    with translation.override(language):
        assert [presenter.suit_name(s) for s in ["S", "H", "D", "C", ""]] == words
