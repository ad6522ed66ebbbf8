"""Review 158: what a move costs the server, and how long its players wait for it.

A move's update was read and sent only after the deal's next deadline had been handed to Celery
(production's clock): a millisecond of the server's CPU and a trip to Redis stood between every
commit and its players' pictures, and at a deal's last move the finished deal's stats (counted in
the process under the embedded clock) did too. The update now goes first.

Drawing a table frame, a few times per move:

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

from games import broadcast, jobs, presenter
from games.broadcast import table_messages, user_group
from games.engine import observe
from games.engine.bots import BasicBot
from games.live_frame import live_frame_html
from games.models import Deal
from games.services import dealing, table_act

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


def _recorded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What a commit sets off, in order: the table's update, and the jobs handed to Celery or run."""
    done: list[str] = []
    monkeypatch.setattr(jobs, "celery_clock", lambda: True)
    monkeypatch.setattr(jobs, "job_publish", lambda name, **kwargs: done.append(name) or True)
    monkeypatch.setattr(broadcast, "table_push_soon", lambda session_id, **kwargs: done.append("update"))
    return done


def _move(deal: Deal, players: list[Any]) -> None:
    state = dealing.deal_state(deal)
    seat = state.queue[0]
    action = BasicBot(seed=deal.seq).choose(observe(state, seat))
    by_user = {s.pk: s.member.user for s in dealing.deal_players(deal)}
    table_act(
        session_id=deal.session_id, user=by_user[deal.players[seat]], action=action, expected_seq=deal.seq
    )


@pytest.mark.django_db(transaction=True)  # committed: the setup's own updates are not pending
def test_a_move_is_sent_to_its_table_before_its_deadline_goes_to_celery(
    make_table, players, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    done = _recorded(monkeypatch)
    _move(deal, players)
    assert done == ["update", "games.turn_expire"]


@pytest.mark.django_db(transaction=True)
def test_a_deals_last_move_is_sent_before_its_jobs(
    make_table, players, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    done = _recorded(monkeypatch)
    for _ in range(500):
        deal.refresh_from_db()
        if deal.is_over:
            break
        done.clear()
        _move(deal, players)
    else:
        raise AssertionError("the deal did not end")
    assert done[0] == "update"
    assert set(done[1:]) == {"games.stats_count", "games.deal_if_due"}
