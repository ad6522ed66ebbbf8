"""The embedded default's channel layer, called from a thread of its own (review 88).

Under ``make demo`` the table clock runs in a thread of the server process (games/ticker.py) and
sends each bot's move and each default move through the in-memory layer from there, with an event
loop of its own. The message went into the queue the server's loop reads, but nothing woke that
loop: the page saw the move only when the loop woke for something else (daphne's checker, once a
second; here the reader's own time limit)."""

from __future__ import annotations

import asyncio
import threading
import time

from asgiref.sync import async_to_sync

from club.process_layer import ProcessChannelLayer

#: Far beyond anything a loaded machine needs for a queue in one process; the old layer delivered
#: only when this reader's own time limit woke its loop.
LIMIT = 20.0


def _send_from_a_thread(layer: ProcessChannelLayer, when_waiting: threading.Event) -> threading.Thread:
    def send() -> None:
        when_waiting.wait(LIMIT)
        async_to_sync(layer.group_send)("table.1.user.1", {"type": "table.view", "n": 1})

    thread = threading.Thread(target=send, name="table-clock-stand-in", daemon=True)
    thread.start()
    return thread


def test_a_message_sent_from_another_thread_reaches_a_waiting_reader_at_once() -> None:
    async def main() -> tuple[dict, float]:
        layer = ProcessChannelLayer()
        channel = await layer.new_channel()
        await layer.group_add("table.1.user.1", channel)
        waiting = threading.Event()
        thread = _send_from_a_thread(layer, waiting)
        reading = asyncio.ensure_future(layer.receive(channel))
        await asyncio.sleep(0)  # the reader waits on its queue now
        started = time.monotonic()
        waiting.set()
        message = await asyncio.wait_for(reading, LIMIT)
        took = time.monotonic() - started
        await asyncio.get_running_loop().run_in_executor(None, thread.join)
        return message, took

    message, took = asyncio.run(main())
    assert message == {"type": "table.view", "n": 1}
    assert took < LIMIT / 2, f"the reader's loop was not woken: the message came after {took:.1f} s"


def test_with_no_reader_loop_running_a_thread_sends_on_its_own_loop() -> None:
    """Before any socket reads (a management command, the clock before the first page), a send still
    works where it is called."""
    layer = ProcessChannelLayer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)("g", channel)
    async_to_sync(layer.group_send)("g", {"type": "x"})
    assert async_to_sync(layer.receive)(channel) == {"type": "x"}
