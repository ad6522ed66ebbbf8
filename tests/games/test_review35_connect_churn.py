"""Opening a table socket and closing it again, in a loop, had no end: a person may hold twelve
sockets at once, but one that opens and closes them never holds more than one, and each connect
reads the table and the reader's rights, marks presence and renders the whole table (about 30 ms
of the server's time), so one script kept a core busy. A person may now open
``TABLE_CONNECT_BURST`` sockets at once and then ``TABLE_CONNECTS_PER_SECOND``; past that a
socket is told why, in his language, and closed with 4429 (the page shows the sentence and does
not reconnect), before any query."""

from __future__ import annotations

import time

import pytest
from asgiref.sync import async_to_sync
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games import consumers
from games.models import Presence

from .sockets import connect, error_of, is_error, refused

pytestmark = pytest.mark.django_db(transaction=True)

BURST = 3


@pytest.fixture(autouse=True)
def _small_burst(settings) -> None:
    settings.TABLE_CONNECT_BURST = BURST
    settings.TABLE_CONNECTS_PER_SECOND = 0.001  # nothing comes back during a test


async def _open_and_close(user, table_id: int) -> str:
    """One round of the loop: the first frame the socket got."""
    communicator = await connect(user, table_id)
    connected, _code = await communicator.connect(timeout=5)
    assert connected
    first = (await communicator.receive_output(timeout=5)).get("text") or ""
    await communicator.disconnect()
    return first


def test_opening_and_closing_in_a_loop_is_refused_past_the_burst(make_table, players):
    table = make_table()
    user = players[0]

    async def churn() -> list[str]:
        return [await _open_and_close(user, table.pk) for _ in range(BURST)]

    assert not any(is_error(first) for first in async_to_sync(churn)())  # the table, each time
    with CaptureQueriesContext(connection) as queries:
        said, code = async_to_sync(refused)(async_to_sync(connect)(user, table.pk))
    assert (said, code) == ("too_many_connects", 4429)
    assert len(queries) == 0  # refused before it cost a read
    assert Presence.objects.get(session=table, user=user).connections == 0


def test_others_and_a_later_moment_are_free(make_table, players):
    table = make_table()

    async def churn(user) -> None:
        for _ in range(BURST):
            await _open_and_close(user, table.pk)

    async_to_sync(churn)(players[1])
    assert not is_error(async_to_sync(_open_and_close)(players[2], table.pk))  # another person
    tokens, _at = consumers._CONNECTS[players[1].pk]
    consumers._CONNECTS[players[1].pk] = (tokens, time.monotonic() - 2 / 0.001)  # two tokens later
    assert not is_error(async_to_sync(_open_and_close)(players[1], table.pk))


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_he_is_told_in_his_language(make_table, players, language):
    table = make_table()
    user = players[3]
    user.preferred_language = language

    async def churn_then_one_more() -> str:
        for _ in range(BURST):
            await _open_and_close(user, table.pk)
        communicator = await connect(user, table.pk)
        await communicator.connect(timeout=5)
        text = (await communicator.receive_output(timeout=5))["text"]
        await communicator.disconnect()
        return text

    told = error_of(async_to_sync(churn_then_one_more)())
    english = (
        "This page connected to the tables too many times in a short while: wait a minute, then reload it."
    )
    with translation.override(language):
        said = translation.gettext(english)
    assert said != english and told == {"error": "too_many_connects", "message": said}
