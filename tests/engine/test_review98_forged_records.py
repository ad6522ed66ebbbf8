"""Review 98, as an attacker: fairness records the two verifiers judged apart, or wrongly.

- a seat the hands did not go to (it sat the deal out) could be shown holding any cards: neither
  verifier looked at a hand it did not deal, and called the file fair;
- a commitment that is a list (``["630d…"]``) read as its one string on the page (fair) and was
  malformed to the command; one with spaces round it or in capitals was fair to the command only;
- a seed written with spaces between its bytes was fair to the command (``bytes.fromhex`` skips
  them) and malformed to the page;
- ``"contributions": null`` (or false) was no strings to the page and malformed to the command;
- a card of the deck written as a list (``["AS"]``) read as the card on the page, which compared the
  decks joined into one string; ``"rules": []`` was none to the command and malformed to the page;
- a hand size of 10¹² (a rule override) is refused by the command's rules, and sent the page's
  script counting to it: the page hung.
Both now say the same, as below.
"""

from __future__ import annotations

import copy
import json
import subprocess

from games.engine.fairness import first_dealer
from games.engine.verify import VerifyError, verify_scenario

from .test_review93_verify_seat_count import _HARNESS, JS, SEATS, SEED, _file, _node


def _good(record: bool = True) -> dict:
    return _file(first_dealer(SEED, SEATS), record=record)


def _changed(change, record: bool = True) -> dict:
    data = _good(record)
    change(data, data["deals"][0]["_fair"])
    return data


def _sitting_out(data: dict, fair: dict) -> None:
    # Three of the four seats dealt in, the dealer's left first; the fourth shown holding cards.
    out = fair["dealt"][0]
    fair["dealt"] = fair["dealt"][1:]
    deck = data["deals"][0]["deck"]
    hands: list = [None] * SEATS
    for j, seat in enumerate(fair["dealt"]):
        hands[seat] = deck[j : 3 * 4 : 3]
    fair["hands"] = [*hands[:out], ["AS", "KS", "QS", "JS"], *hands[out + 1 :]]


CASES = {
    "good": (_good(), "fair"),
    "a hand for a seat not dealt in": (_changed(_sitting_out), "not fair"),
    "a null for a seat not dealt in": (
        _changed(
            lambda d, f: (
                _sitting_out(d, f),
                f["hands"].__setitem__(next(s for s in range(SEATS) if s not in f["dealt"]), None),
            )
        ),
        "fair",
    ),
    "commitment a list": (_changed(lambda d, f: f.update(commitment=[f["commitment"]])), "malformed"),
    "commitment spaced, in capitals": (
        _changed(lambda d, f: f.update(commitment=" " + f["commitment"].upper() + " ")),
        "fair",
    ),
    "seed with spaces": (
        _changed(lambda d, f: f.update(seed=" ".join(SEED.hex()[i : i + 2] for i in range(0, 64, 2)))),
        "malformed",
    ),
    "contributions null": (_changed(lambda d, f: f.update(contributions=None)), "malformed"),
    "contributions false": (_changed(lambda d, f: f.update(contributions=False)), "malformed"),
    "no contributions named": (_changed(lambda d, f: f.pop("contributions")), "fair"),
    "a card of the deck written as a list": (
        _changed(lambda d, f: d["deals"][0]["deck"].__setitem__(4, [d["deals"][0]["deck"][4]])),
        "not fair",
    ),
    "rules a list": (_changed(lambda d, f: d.update(rules=[])), "malformed"),
    "rules null": (_changed(lambda d, f: d.update(rules=None)), "fair"),
    "hand size 10^12": (_changed(lambda d, f: d.update(rules={"hand_size": 10**12})), "malformed"),
}


def _cli(data: dict) -> str:
    try:
        output, _status = verify_scenario(copy.deepcopy(data))
    except VerifyError:
        return "malformed"
    return "fair" if output["ok"] else "not fair"


def _page(data: dict) -> str:
    done = subprocess.run(
        [_node(), "-e", _HARNESS, str(JS)], input=json.dumps(data), capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_command() -> None:
    assert {name: _cli(data) for name, (data, _) in CASES.items()} == {n: v for n, (_, v) in CASES.items()}


def test_the_page() -> None:
    assert {name: _page(data) for name, (data, _) in CASES.items()} == {n: v for n, (_, v) in CASES.items()}


def test_infinity_and_nan_are_no_json(tmp_path) -> None:
    """Python's json reads ``Infinity`` and ``NaN``, which are no JSON: the page calls such a file
    malformed, and the commands read it (the verifier judged a deck with ``Infinity`` in it)."""
    from games.engine import replay, verify

    for word in ("Infinity", "-Infinity", "NaN"):
        path = tmp_path / "f.json"
        path.write_text(json.dumps(_good()).replace('"AS"', word, 1), encoding="utf-8")
        assert verify.main([str(path)]) == 2
        assert replay.main([str(path)]) == 2
