"""Review 54: odd values in every message type of the live table's socket.

Each frame below is something a script (or a page tampered with) can send: empty, blank, NUL, lone
surrogates, 10**20 and 2**63, -1, 0, 1.5, "1e3", Arabic-Indic and fullwidth digits, 3 KB, RTL and
zero-width characters, the wrong JSON type, nesting 1000 deep. Each must be answered by one error
frame in the reader's language, the socket must stay usable (a ``sync`` after it gets the table), and
the database must not move: seats, the ledger, the audit log, the moves.
"""

from __future__ import annotations

import json
import re

import pytest
from asgiref.sync import async_to_sync

from club.models import AuditLog
from games import consumers
from games.models import DealAction, Seat, SeedContribution
from ledger.models import Entry, Journal

from .conftest import sit_all, start_deal
from .sockets import connect, error_of, frames, is_error

pytestmark = pytest.mark.django_db(transaction=True)

ODD = ["", "   ", "\u0663", "\uff11", "1.5", "1e3", "-1", "0", str(10**20), str(2**63), "\u202e1", "1\u200b",
       "x" * 3000]
#: Printable words: a reason or a seed contribution may be any of them.
TEXT_OK = {"\u0663", "\uff11", "1.5", "1e3", "-1", "0", str(10**20), str(2**63)}
ODD_JSON = [None, True, False, -1, 0, 1.5, 10**20, 2**63, [], [1], {}, {"a": 1}]


def _frames() -> list[str]:
    out: list[str] = []
    for field in ("position", "buy_in"):
        for value in ODD + ODD_JSON:
            base = {"do": "sit", "position": 2, "buy_in": 100}
            base[field] = value
            out.append(json.dumps(base))
            out.append(json.dumps({**base, "do": "bot"}))
    for value in ODD + ODD_JSON:
        out.append(json.dumps({"do": "unbot", "position": value}))
        if not (isinstance(value, str) and value in TEXT_OK):
            out.append(json.dumps({"do": "standup", "position": 1, "reason": value}))
            out.append(json.dumps({"do": "standup", "position": value, "reason": "a reason"}))
        out.append(json.dumps({"do": value}))
        for field in MOVE_FIELDS:
            move = {"do": "discard", "seq": 0, "deal": 1, "cards": []}
            move[field] = value
            out.append(json.dumps(move))
    out += [
        '{"do": "sync", "' + "k" * 3000 + '": 1}',
        "[" * 1000 + "]" * 1000,
        '{"do": ' + "[" * 1000 + "]" * 1000 + "}",
        '{"do": "sit", "position": 1e999, "buy_in": 100}',
        '{"do": "sit", "position": NaN, "buy_in": 100}',
        '{"do": "sit", "position": ' + "9" * 3000 + ', "buy_in": 100}',
        '{"do": "standup", "position": 1, "reason": "\\u0000"}',
        '{"do": "standup", "position": 1, "reason": "\\udc00"}',
        '"sync"', "[]", "1", "null", " ", "{", "\x00",
        '{"do": "sit", "position": 1, "buy_in": 100, "do": "nope"}',
    ]
    return out


MOVE_FIELDS = ("seq", "deal", "cards", "card", "suit", "as", "take_trump", "from", "from_1", "position")
CYRILLIC = re.compile("[а-яА-Я]")


def _state(table) -> tuple:
    return (
        tuple(Seat.objects.filter(session=table).values_list("pk", "status", "position", "away_deals")),
        Journal.objects.count(),
        Entry.objects.count(),
        AuditLog.objects.count(),
        DealAction.objects.count(),
        SeedContribution.objects.count(),
    )


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_every_odd_frame_is_refused_and_changes_nothing(make_table, players, owner, language, monkeypatch):
    monkeypatch.setattr(consumers, "RATE_BURST", 10**6)
    monkeypatch.setattr(consumers.TableConsumer, "rate_burst", 10**6)
    monkeypatch.setattr(consumers.TableConsumer, "rate_per_second", 10**6)
    monkeypatch.setattr(consumers, "USER_RATE_BURST", 10**6)
    monkeypatch.setattr(consumers, "USER_RATE_PER_SECOND", 10**6)
    table = make_table(min_players=2)
    sit_all(table, players[:2])
    start_deal(table)
    sent = _frames()
    before = sorted(_state(table)[0]), _state(table)[1:]

    async def scenario() -> list[tuple[str, list[str]]]:
        socket = await connect(owner, table.pk)
        socket.scope["cookies"] = {"django_language": language}
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        answers = []
        for text in sent:
            await socket.send_to(text_data=text)
            # One answer each (a second would be read as the next frame's, and fail it).
            output = await socket.receive_output(timeout=5)
            answers.append((text, [output.get("text") or output["type"]]))
        await socket.send_json_to({"do": "sync"})
        answers.append(("sync", await frames(socket, timeout=10)))
        await socket.disconnect()
        return answers

    answers = async_to_sync(scenario)()
    problems = []
    for text, got in answers[:-1]:
        errors = [error_of(f) for f in got if is_error(f)]
        said = errors[0].get("message", "") if errors else ""
        if len(errors) != 1 or not said or (language != "en") != bool(CYRILLIC.search(said)):
            problems.append((text[:80], [g[:120] for g in got]))
    assert not problems, problems
    assert answers[-1][1] and not is_error(answers[-1][1][-1])  # the socket still answers
    assert (sorted(_state(table)[0]), _state(table)[1:]) == before
