"""Replay a scenario file: ``python -m games.engine.replay FILE.json`` (or ``-`` for stdin).

The format is the one of ``rules/SCENARIOS.md``: one table (preset, rule overrides, stake, stacks,
bank, first dealer) played through one or more deals with fixed decks and action lists. Tests, bug
reports and rule disputes use it, and the site's hand-history export is in the same format, so any
deal a user saw can be replayed from the command line.

Exit status and output:

* 0 — every action applied. The JSON outcome goes to stdout.
* 1 — an action was refused. The outcome (deals finished before it, stacks and bank after the
  refused deal was dropped) goes to stdout with ``"error": {"deal", "action", "code", "message"}``;
  nothing after the refused action is applied.
* 2 — the file itself is malformed: bad JSON, unknown preset or rule override, a deck that is not a
  permutation of the preset's deck for that player count, a seat out of range, a seat count outside
  the preset's range, a deal with fewer than two players able to be dealt in, an unfinished deal
  followed by another. One line on stderr, nothing on stdout, never a traceback.

An unfinished deal (its actions ran out, or one was refused) has no entry in ``deals``: its holds go
back to the stacks through the engine's ``abandon``, its antes stay in the bank, and ``dealer`` is
its dealer.

Extra keys: the top-level ``"expect"`` (the expected output, used by the scenario tests) and any key
starting with ``_`` (``"_comment"``: the hand-checked arithmetic) are ignored, at top level and in a
deal and in an action; any other unknown key is a malformed file, so a misspelt ``"stack"`` (or an
action's ``"form"``) cannot silently default, and so is a key named twice in one object.

``run_scenario(data)`` is the pure core of the CLI (no I/O), for tests and the site.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from games.engine import (
    PRESETS,
    Action,
    EngineError,
    Rules,
    abandon,
    apply,
    is_over,
    new_deal,
    outcome,
)
from games.engine.cards import foreign_characters
from games.engine.json_objects import bad_text, named_once
from games.engine.rules import RulesError, rules_with_overrides
from games.engine.shuffle import canonical_deck

__all__ = ["ScenarioError", "main", "run_scenario"]

# Codes SCENARIOS.md allows in the error object; an engine code outside this set (e.g. deal_over)
# is reported as illegal_action, which is what it means to a player.
_ERROR_CODES = frozenset({"not_your_turn", "illegal_action", "unknown_action", "bad_cards", "cannot_afford"})
_TOP_KEYS = frozenset({"preset", "rules", "stake", "stacks", "bank", "dealer", "redeal", "deals"})
_DEAL_KEYS = frozenset({"deck", "actions"})
# The keys SCENARIOS.md gives an action: a misspelt one ("form" for "from", "take_trunp") would
# otherwise be dropped silently and the action played as if it were absent (review 38).
_ACTION_KEYS = frozenset({"seat", "do", "cards", "from", "position", "suit", "card", "as", "take_trump"})


class ScenarioError(ValueError):
    """The scenario file is malformed (exit status 2)."""


def _ignored(key: str) -> bool:
    return key == "expect" or key.startswith("_")


def _check_keys(obj: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
    for key in obj:
        if not isinstance(key, str) or (key not in allowed and not _ignored(key)):
            foreign = foreign_characters(key) if isinstance(key, str) else ""
            raise ScenarioError(f"{where}: unknown key {key!r}" + (f" ({foreign})" if foreign else ""))


def _int(value: Any, where: str, *, minimum: int = 0) -> int:
    # bool is an int subclass; true/false are never a valid count of chips or a seat.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"{where} must be an integer, not {json.dumps(value)[:40]}")
    if value < minimum:
        raise ScenarioError(f"{where} must be at least {minimum}, not {_shown(value)}")
    return value


def _shown(number: int) -> str:
    """A number as an error message names it: a 400-digit seat filled the one-line message."""
    text = str(number)
    return text if len(text) <= 20 else f"{text[:8]}…({len(text.lstrip('-'))} digits)"


_Deals = list[tuple[list[str], list[tuple[int, dict]]]]


def _deck_fault(deck: list[str], expected: list[str]) -> str:
    """What is wrong with a hand-written deck, in words: "the deck is not a permutation" alone left a
    tester who wrote "7♠", "ah" or a full-width "ＡＨ" guessing which card (review 38)."""
    known = set(expected)
    for card in deck:
        if card not in known:
            name = json.dumps(card, ensure_ascii=False)[:40]
            foreign = foreign_characters(card)
            return f'{name} is not one of its cards (they are written like "10H", "AS", "7C"' + (
                f"; {foreign})" if foreign else ")"
            )
    seen: set[str] = set()
    for card in deck:
        if card in seen:
            return f"{card} appears twice"
        seen.add(card)
    missing = [card for card in expected if card not in seen]
    return f"{len(deck)} cards, {', '.join(missing[:5])}{' and more' if len(missing) > 5 else ''} missing"


def _fairness_record(data: dict[str, Any]) -> bool:
    """A deal's fairness record (``games.history.deal_fairness_record``): the site's file of a deal no
    scenario can say, its deals with their ``_fair`` and no stake, stacks or dealer. "missing key
    'stake'" read as a scenario file the site had broken."""
    deals = data.get("deals")
    return (
        not any(key in data for key in ("stake", "stacks", "dealer"))
        and isinstance(deals, list)
        and bool(deals)
        and all(isinstance(deal, dict) and "_fair" in deal for deal in deals)
    )


def _validate(data: Any) -> tuple[Rules, int, list[int], int, int, bool, _Deals]:
    """Check the whole file before anything is played, so exit 2 never follows partial output."""
    if not isinstance(data, dict):
        raise ScenarioError("the scenario must be a JSON object")
    _check_keys(data, _TOP_KEYS, "scenario")
    if _fairness_record(data):
        raise ScenarioError(
            "this file is a deal's fairness record, not a scenario: it has no stake, stacks or dealer to "
            "play the deal from (players waiting for an empty bank sat it out); "
            "python -m games.engine.verify checks it"
        )
    for key in ("preset", "stake", "stacks", "dealer", "deals"):
        if key not in data:
            raise ScenarioError(f"scenario: missing key {key!r}")
    preset = data["preset"]
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ScenarioError(f"unknown preset {json.dumps(preset)[:40]}; known: {', '.join(sorted(PRESETS))}")
    overrides = data.get("rules")
    # Absent or null is no rule change, as both verifiers read it (review 134: the command called a
    # scenario with "rules": null malformed, and its deal's fairness record fair).
    overrides = {} if overrides is None else overrides
    if not isinstance(overrides, dict):
        raise ScenarioError("'rules' must be an object of parameter overrides")
    try:
        rules = rules_with_overrides(preset, overrides)
    except RulesError as exc:
        raise ScenarioError(f"bad rule override: {exc}") from None
    stake = _int(data["stake"], "stake")
    stacks_raw = data["stacks"]
    if not isinstance(stacks_raw, list):
        raise ScenarioError("'stacks' must be a list, one stack per seat")
    stacks = [_int(s, f"stacks[{i}]") for i, s in enumerate(stacks_raw)]
    n = len(stacks)
    if not rules.min_players <= n <= rules.max_players:
        raise ScenarioError(
            f"{preset} is played by {rules.min_players} to {rules.max_players} players, not {n}"
        )
    bank = _int(data.get("bank", 0), "bank")
    dealer = _int(data["dealer"], "dealer")
    redeal = data.get("redeal", False)
    if not isinstance(redeal, bool):
        raise ScenarioError(f"'redeal' must be true or false, not {json.dumps(redeal)[:40]}")
    if dealer >= n:
        raise ScenarioError(f"dealer {_shown(dealer)} is not a seat (seats 0..{n - 1})")
    deals_raw = data["deals"]
    if not isinstance(deals_raw, list):
        raise ScenarioError("'deals' must be a list")
    try:
        size = rules.deck_for(n)
        expected = sorted(canonical_deck(size))
    except ValueError as exc:
        raise ScenarioError(f"no deck for {n} players: {exc}") from None
    deals: _Deals = []
    for d, deal in enumerate(deals_raw):
        where = f"deal {d}"
        if not isinstance(deal, dict):
            raise ScenarioError(f"{where} must be an object with 'deck' and 'actions'")
        _check_keys(deal, _DEAL_KEYS, where)
        deck = deal.get("deck")
        if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
            raise ScenarioError(f"{where}: 'deck' must be a list of cards")
        if sorted(deck) != expected:
            raise ScenarioError(
                f"{where}: the deck is not a permutation of the {size}-card deck: "
                + _deck_fault(deck, expected)
            )
        actions_raw = deal.get("actions", [])
        if not isinstance(actions_raw, list):
            raise ScenarioError(f"{where}: 'actions' must be a list")
        actions: list[tuple[int, dict]] = []
        for k, act in enumerate(actions_raw):
            if not isinstance(act, dict):
                raise ScenarioError(f"{where}, action {k}: an action must be an object")
            if "seat" not in act:
                raise ScenarioError(f"{where}, action {k}: missing 'seat'")
            _check_keys(act, _ACTION_KEYS, f"{where}, action {k}")
            seat = _int(act["seat"], f"{where}, action {k}: seat")
            if seat >= n:
                raise ScenarioError(f"{where}, action {k}: seat {_shown(seat)} is out of range (0..{n - 1})")
            if not isinstance(act.get("do"), str):
                raise ScenarioError(f"{where}, action {k}: 'do' must be an action name")
            actions.append((seat, {key: v for key, v in act.items() if key != "seat"}))
        deals.append((deck, actions))
    return rules, stake, stacks, bank, dealer, redeal, deals


def _error(d: int, k: int, exc: EngineError) -> dict[str, Any]:
    code = getattr(exc, "code", "illegal_action")
    message = getattr(exc, "message", None) or str(exc)
    return {
        "deal": d,
        "action": k,
        "code": code if code in _ERROR_CODES else "illegal_action",
        "message": message,
    }


def run_scenario(
    data: Any,
    *,
    dealt: list[tuple[int, ...]] | None = None,
    stacks_after: list[list[int]] | None = None,
) -> tuple[dict[str, Any], int]:
    """Play a parsed scenario; return ``(output, exit_status)``. ``dealt``, if given, gets each
    started deal's seats in the order its hands went round (``games.engine.verify`` holds a file's
    fairness records to them); ``stacks_after``, each finished deal's stacks after it (the verifier
    holds a deal's recorded result to them).

    For exit status 2 the output is ``{"error": {"code": "malformed", "message": ...}}`` and the CLI
    prints only the message (stderr). Engine errors raised by a refused action are turned into the
    SCENARIOS.md error object; nothing is caught blindly here.
    """
    refused = bad_text(data)
    if refused is not None:
        return _malformed(refused)
    try:
        rules, stake, stacks, bank, dealer, redeal, deals = _validate(data)
    except ScenarioError as exc:
        return _malformed(str(exc))
    entries: list[dict[str, Any]] = []

    def result(error: dict[str, Any] | None) -> dict[str, Any]:
        return {"deals": entries, "stacks": list(stacks), "bank": bank, "dealer": dealer, "error": error}

    for d, (deck, actions) in enumerate(deals):
        try:
            state = new_deal(
                rules,
                stake=stake,
                stacks=tuple(stacks),
                bank=bank,
                dealer=dealer,
                deck=tuple(deck),
                redeal=redeal,
            )
        except EngineError as exc:
            return _malformed(f"deal {d} cannot start: {getattr(exc, 'message', None) or exc}")
        if dealt is not None:
            dealt.append(state.setup.dealt)
        for k, (seat, act) in enumerate(actions):
            try:
                if is_over(state):
                    raise EngineError("illegal_action", "The deal is already over.")
                action = Action.from_json(act)
                state, _events = apply(state, seat, action)
            except EngineError as exc:
                if is_over(state):
                    # An action after the deal's end: the deal itself finished, so it keeps its
                    # entry and the chips, bank and dealer are those after it. Abandoning it
                    # printed the settled stacks beside no entry and the old dealer (review 38).
                    out = outcome(state)
                    entries.append(out.to_json())
                    stacks, bank, dealer = list(out.stacks), out.bank, out.next_dealer
                    if stacks_after is not None:
                        stacks_after.append(list(stacks))
                else:
                    stacks_t, bank, _ = abandon(state)
                    stacks = list(stacks_t)
                return result(_error(d, k, exc)), 1
        if not is_over(state):
            if d + 1 < len(deals):
                return _malformed(f"deal {d} is unfinished but deal {d + 1} follows it")
            stacks_t, bank, _ = abandon(state)
            stacks = list(stacks_t)
            return result(None), 0
        out = outcome(state)
        entries.append(out.to_json())
        stacks = list(out.stacks)
        if stacks_after is not None:
            stacks_after.append(list(stacks))
        bank = out.bank
        dealer = out.next_dealer
        redeal = out.result == "redeal"
    return result(None), 0


def _malformed(message: str) -> tuple[dict[str, Any], int]:
    return {"error": {"code": "malformed", "message": message}}, 2


def read_utf8(path: str) -> str:
    """The file's text (``-``: standard input's), read as UTF-8 whatever the locale: standard input
    read as text takes the locale's encoding, under the C locale with surrogateescape, so invalid
    UTF-8 piped in was read (its bad bytes as lone surrogates) and the file played (review 98)."""
    if path == "-":
        if sys.stdin is None:  # started with it closed (<&-): "internal error" said so (review 144)
            raise OSError("standard input is closed")
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stream standing in for stdin (a test's): its text is read as is
            return sys.stdin.read()
        data = stream.read()
    else:
        with open(path, "rb") as fh:
            data = fh.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NotUtf8(
            f"the file is not UTF-8 text: byte {data[exc.start]:#04x} at position {exc.start} is no UTF-8"
        ) from None


class NotUtf8(ValueError):
    """A file that is not UTF-8 text."""


def no_constant(name: str) -> Any:
    """``json.loads``'s ``parse_constant``: Python reads ``Infinity``, ``-Infinity`` and ``NaN``, which
    are no JSON (RFC 8259) and which the Fairness page's JSON.parse refuses (review 98)."""
    raise ValueError(f"{name} is not a JSON value")


def as_the_page_reads(literal: str) -> int | float:
    """``json.loads``'s ``parse_float``: a whole number written with a point or an exponent ("2.0",
    "1e0") is that whole number, as the Fairness page's JSON.parse reads it (JavaScript has one kind
    of number). Read as a float it was malformed to games.engine.verify ("_deal.number", a dealer)
    and whole to the page: the two verifiers judged the same file apart (review 100). The replay
    reads a file as the verifier does (a stake of 5.0 it refuses, the verifier refuses too)."""
    value = float(literal)
    return int(value) if value.is_integer() else value


def without_bom(text: str) -> str:
    """``text`` without a leading byte order mark: editors on Windows (Notepad among them) save UTF-8
    with one, and RFC 8259 lets a parser ignore it; json refused such a hand-written file with
    "Unexpected UTF-8 BOM (decode using utf-8-sig)" (review 38)."""
    return text[1:] if text.startswith("\ufeff") else text


def _load(path: str) -> Any:
    try:
        text = read_utf8(path)
    except OSError as exc:
        # Quoted as JSON writes it: a line break in the name broke the one-line message (review 144).
        name = json.dumps(path, ensure_ascii=False)
        raise ScenarioError(f"cannot read {name}: {exc.strerror or exc}") from None
    except NotUtf8 as exc:
        raise ScenarioError(str(exc)) from None
    try:
        # A key named twice (review 38) is refused as other malformed JSON is: "bad JSON: the key …".
        return json.loads(
            without_bom(text),
            object_pairs_hook=named_once,
            parse_constant=no_constant,
            parse_float=as_the_page_reads,
        )
    except (ValueError, RecursionError) as exc:
        # ValueError beside JSONDecodeError: a number longer than Python reads (4,300 digits).
        raise ScenarioError(f"bad JSON: {exc}") from None


#: A file too large for the memory it is read and played in: "internal error: MemoryError: " said
#: nothing of what was wrong (review 144).
TOO_LARGE = "the file is too large to be read and played in the memory this process has"

USAGE = "usage: python -m games.engine.replay FILE.json | -"
ABOUT = """\
Plays a scenario file (docs/rules/SCENARIOS.md; - reads standard input) through its deals
and prints the outcome as JSON.
Exit status: 0 when every action was applied, 1 when one was refused (the output says which),
2 when the file is malformed (one line on standard error)."""


def main(argv: Sequence[str] | None = None) -> int:
    """CLI entry point; returns the exit status (0, 1 or 2)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args in (["-h"], ["--help"]):
        # Asked for: the answer goes to standard output and is no error.
        print(USAGE + "\n" + ABOUT)
        return 0
    if len(args) != 1:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        data = _load(args[0])
        with any_digits():
            output, status = run_scenario(data)
    except ScenarioError as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 2
    except MemoryError:
        print(f"replay: {TOO_LARGE}", file=sys.stderr)
        return 2
    except Exception as exc:  # the CLI boundary: a bug must still not print a traceback
        print(f"replay: internal error: {type(exc).__name__}: {exc}".replace("\n", " "), file=sys.stderr)
        return 2
    if status == 2:
        print(f"replay: {output['error']['message']}".replace("\n", " "), file=sys.stderr)
        return 2
    with any_digits():
        print_output(output)
    return status


@contextmanager
def any_digits() -> Iterator[None]:
    """Integers of any length turn into text within: a file read under Python's 4,300-digit limit
    implies larger numbers (a 4,300-digit bank doubled in a refusal's message, a stack after a
    deal), and naming one said "internal error" or printed a traceback (review 144). The reading
    keeps the limit, which guards the conversion's quadratic cost: numbers the engine derives
    from the file's are a few times its longest, cheap to print."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(limit)


def print_output(output: Any) -> None:
    """The JSON outcome on stdout. A reader that stopped early (``| head``) closed the pipe: that is
    its choice, not an error, and printed a BrokenPipeError traceback (review 38); the rest of the
    output goes nowhere, as the interpreter's own flush at exit would have it."""
    try:
        print(json.dumps(output))
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
