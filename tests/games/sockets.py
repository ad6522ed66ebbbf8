"""Helpers for table socket tests: connect as a user, read frames, and find the cards a frame shows."""

from __future__ import annotations

import json
import re
from typing import Any

from channels.testing import WebsocketCommunicator

from games.consumers import TableConsumer
from games.engine import State

_TAG = re.compile(r"<[^>]+>")
_SHOWN = re.compile(r"(10|[2-9JQKA])\s*([♠♥♦♣])")
_ATTR = re.compile(r'(?:data-card|value)="(10|[2-9JQKA])([SHDC])"')
_SYMBOL = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_SEQ = re.compile(r'id="table-live"[^>]*data-seq="(\d+)"')


async def connect(
    user: Any, session_id: int, *, origin: bytes = b"http://127.0.0.1"
) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(
        TableConsumer.as_asgi(), f"/ws/table/{session_id}/", headers=[(b"origin", origin)]
    )
    communicator.scope["user"] = user
    communicator.scope["url_route"] = {"kwargs": {"session_id": session_id}}
    return communicator


async def frames(communicator: WebsocketCommunicator, *, timeout: float = 0.5) -> list[str]:
    """Every frame waiting on this socket (HTML updates and JSON errors), up to a close. A socket's
    first call waits for its first output however long it takes: a table always answers a connect
    (its picture, or why not and a close), and on a loaded machine that came after the half second,
    so the drain after a connect took nothing and the next call read the picture as the answer."""
    out = []
    if not getattr(communicator, "_khrap_answered", False):
        communicator._khrap_answered = True  # type: ignore[attr-defined]
        timeout = max(timeout, 10.0)
    while not await communicator.receive_nothing(timeout=timeout):
        output = await communicator.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            break
        out.append(output.get("text") or "")
        timeout = 0.1
    return out


async def refused(communicator: WebsocketCommunicator) -> tuple[str | None, int | None]:
    """Connect a socket the table refuses: the error code it was told, and the close code. It is
    accepted to be told why (a refused handshake reaches a browser as 1006, which it retries)."""
    connected, code = await communicator.connect(timeout=5)
    if not connected:
        return None, code
    said = None
    while True:
        output = await communicator.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            return said, output.get("code")
        said = json.loads(output["text"])["error"]


def is_error(frame: str) -> bool:
    return frame.startswith("{")


def error_of(frame: str) -> dict[str, Any]:
    return json.loads(frame)


def seq_of(frame: str) -> int | None:
    match = _SEQ.search(frame)
    return int(match.group(1)) if match else None


def cards_in(frame: str) -> set[str]:
    """Every card a frame names: drawn faces, form values and card names in text."""
    found = {rank + suit for rank, suit in _ATTR.findall(frame)}
    text = _TAG.sub("", frame)
    found |= {rank + _SYMBOL[symbol] for rank, symbol in _SHOWN.findall(text)}
    return found


def cards_allowed(state: State, seat: int | None) -> set[str]:
    """What a seat may see, worked out from the state itself (not from ``observe``): the cards on the
    table, its own hand once looked at, and at the end the hands that were played."""
    allowed: set[str] = set(state.turned)
    if state.trump_card:
        allowed.add(state.trump_card)
    if state.setup.first_trump:
        allowed.add(state.setup.first_trump)
    allowed |= {card for _seat, card, _joker in state.trick + state.last_trick}
    for played in state.played:
        allowed |= set(played)
    if seat is not None and state.seen[seat]:
        allowed |= set(state.hands[seat])
    if state.phase == "over":
        out = state.outcome
        for s in range(state.setup.seats):
            if state.played[s] or (out is not None and out.result == "instant_win" and out.tricks[s] > 0):
                allowed |= set(state.hands[s])
    return allowed
