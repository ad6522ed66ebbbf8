"""Review 98: a table's first deal could hide that it was one.

``"first": true`` in a deal's ``_fair`` is what makes both verifiers check the table's first dealer
against the one its seed draws. A server that picked the first dealer it liked (and so which seat
got the best hand) dropped the flag and both verifiers called the file fair. A deal record must now
show it is not a table's first deal (its ``_deal.number`` above 1, or a scenario's later deal,
whose dealer the replay gives), or carry the flag: otherwise its dealer cannot be checked and the
file is not fair, in ``games.engine.verify`` and on the Fairness page alike.
"""

from __future__ import annotations

import json
import subprocess

from games.engine.fairness import first_dealer
from games.engine.verify import VerifyError, verify_scenario

from .test_review93_verify_seat_count import _HARNESS, JS, SEATS, SEED, _file, _node

CHOSEN = (first_dealer(SEED, SEATS) + 1) % SEATS  # a dealer the seed does not draw


def _hidden(record: bool = False, number: int | None = None) -> dict:
    data = _file(CHOSEN, record=record)
    del data["deals"][0]["_fair"]["first"]
    if number is not None:
        data["deals"][0]["_deal"] = {"number": number}
    return data


def _cli(data: dict) -> str:
    try:
        output, _status = verify_scenario(json.loads(json.dumps(data)))
    except VerifyError:
        return "malformed"
    return "fair" if output["ok"] else "not fair"


def _page(data: dict) -> str:
    done = subprocess.run(
        [_node(), "-e", _HARNESS, str(JS)], input=json.dumps(data), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


CASES = [
    # (file, verdict): the same from both verifiers.
    (_hidden(), "not fair"),  # a scenario's first deal, nothing saying which of the table's deals
    (_hidden(record=True), "not fair"),  # a fairness record alone
    (_hidden(number=1), "not fair"),  # says it is the table's first deal, without the flag
    (_hidden(record=True, number=1), "not fair"),
    (_hidden(number=2), "fair"),  # a later deal: its dealer is the rules' (the player sees its number)
    (_hidden(record=True, number=7), "fair"),
    (_hidden(number=0), "malformed"),
    (_hidden(number=True), "malformed"),
    (_hidden(number="2"), "malformed"),
    (_file(first_dealer(SEED, SEATS)), "fair"),  # flagged and drawn: fair, with or without a number
]


def test_the_command_does_not_call_a_hidden_first_deal_fair() -> None:
    assert [_cli(data) for data, _ in CASES] == [verdict for _, verdict in CASES]


def test_the_command_says_why() -> None:
    output, status = verify_scenario(_hidden(number=1))
    assert status == 1
    assert any("first deal" in p and "cannot be checked" in p for p in output["deals"][0]["problems"])
    assert output["deals"][0]["number"] == 1


def test_the_page_does_not_call_a_hidden_first_deal_fair() -> None:
    assert [_page(data) for data, _ in CASES] == [verdict for _, verdict in CASES]


def test_the_page_says_which_deals_of_the_table_it_checked() -> None:
    """The number is what shows a reader that a deal is not his table's first: the page says it, as
    the command's output does, or a server could number the first deal 2 unseen."""
    harness = _HARNESS.replace(
        'malformed: "malformed"}', 'malformed: "malformed", numbers: "Numbers"}'
    ).replace('.split(":")[0]', "")
    for number, said in ((2, "Numbers 2."), (None, None)):
        done = subprocess.run(
            [_node(), "-e", harness, str(JS)],
            input=json.dumps(_hidden(number=number) if number else _file(first_dealer(SEED, SEATS))),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("fair"), done.stdout
        assert (said in done.stdout) if said else ("Numbers" not in done.stdout), done.stdout
