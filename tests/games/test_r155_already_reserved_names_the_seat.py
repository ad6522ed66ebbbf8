"""Review 155: a member holding a seat of a coming session who asked for another read "You already
hold a seat at this session.", which did not say which: the refusal names his seat, numbered as
the page numbers them (from 1), in each language."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games.services import TableError
from games.services.schedule import seat_reserve

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def coming(make_table):
    starts = timezone.now().replace(microsecond=0) + timedelta(days=1)
    return make_table(starts_at=starts, ends_at=starts + timedelta(hours=2), min_players=4)


def test_the_refusal_names_the_seat_he_holds(coming, players) -> None:
    seat_reserve(session_id=coming.pk, user=players[0], position=2)
    with pytest.raises(TableError) as refused:
        seat_reserve(session_id=coming.pk, user=players[0], position=0)
    assert refused.value.code == "already_reserved"
    with translation.override("en"):
        assert refused.value.message == "You already hold seat 3 at this session."
    with translation.override("ru"):
        assert "3" in refused.value.message and "место" in refused.value.message
    with translation.override("bg"):
        assert "3" in refused.value.message and "място" in refused.value.message
