"""Review 158: what drawing a table frame costs per socket, a few times per move.

Every reader's frame names the trump in words; the four suits were looked up in the catalogue for
each frame (four translations for one word), the largest share of the translating a frame did. And
each card of a frame asked Django for the active language again (a context-local read that cost as
much as the rest of the card).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation

from games import presenter
from games.broadcast import table_messages, user_group
from games.live_frame import live_frame_html

from .conftest import sit_all, start_deal


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


@pytest.mark.django_db
def test_a_frame_asks_for_the_language_once(make_table, players, monkeypatch: pytest.MonkeyPatch) -> None:
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    messages = dict(table_messages(table.pk))
    message = messages[user_group(table.pk, players[0].pk)]
    asked: list[None] = []
    real = presenter.get_language

    def counted() -> str | None:
        asked.append(None)
        return real()

    now = _now()  # one moment for both: the clock's seconds left are in the frame
    with translation.override("ru"):
        drawn = live_frame_html(
            presenter.table_context(
                view=message["view"], public=message["public"], user_id=players[0].pk, now=now
            )
        )
        monkeypatch.setattr(presenter, "get_language", counted)
        again = live_frame_html(
            presenter.table_context(
                view=message["view"], public=message["public"], user_id=players[0].pk, now=now
            )
        )
    assert message["view"]["hand"]  # a frame with cards in it
    assert again == drawn
    assert len(asked) == 1


def _now() -> Any:
    from django.utils import timezone

    return timezone.now()
