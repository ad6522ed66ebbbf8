"""Check a deal's fairness: ``python -m games.engine.verify FILE.json`` (or ``-`` for stdin).

FILE is a deal (or session) exported by the site: the scenario format of ``games.engine.replay`` with,
in each deal, a ``"_fair"`` object the replay ignores::

    {"commitment": hex, "seed": hex, "contributions": [str, ...], "contributors": [seat, ...],
     "bots": [seat, ...], "dealt": [seat, ...], "hands": [[card, ...] or null per seat],
     "dealer": seat, "first": true}

``contributors`` names each string's seat (review 152): the seats go up strictly, as the strings are
mixed in seat order, and none is in ``bots`` (a bot sends no string). The output lists each deal's
``strings`` with their seats; a record without ``contributors`` (exported before) is checked as
before, its ``seats_checked`` false and a note saying so.

``first`` (a table's first deal, all its seats kept): the dealer must be the one its seed draws
(``games.engine.fairness.first_dealer``), not one the server picked once it knew the deck. A deal
that may be a table's first (its ``"_deal": {"number": n}`` is 1, or it gives no number and is a
fairness record's deal or a scenario's first) and lacks the flag fails: its dealer cannot be checked.

For each deal it checks that the seed matches the commitment published before the deal, that the
deck is the RULES.md section 8 shuffle of the seed mixed with the players' contributions
(``games.engine.fairness``) of the size the file's rules deal to its seats (review 134: the seed's
32-, 36- and 52-card shuffles each passed, a choice of three decks), and that the hands recorded as
dealt are the ones that deck deals (RULES.md 4.1): one card at a time, clockwise from the dealer's
left. The dealer is the scenario's ``dealer`` for its first deal and ``_fair.dealer`` for any deal
(files exported before review 17 name it for the first deal only: a later deal's hands are then
checked to go clockwise, from whichever seat). A scenario (a file with stacks, not a fairness record
alone) is also played as ``games.engine.replay`` plays it, and each deal's order must be the one the
engine deals in from the dealer the rules give that deal. The order is checked, not taken from the
file: ``dealt`` alone would let a server that knew the deck give the first hand to the seat of its
choice. Its moves must follow from the deck too: a move the replay refuses (a card dealt to another
seat) makes its deal unfair. And the result the site booked must follow from the moves: a deal's
``"_result"`` (the export's record of its outcome as the deal page shows it: result, trump,
statuses, tricks, payouts, penalties, the stacks and bank after it, the next dealer) is compared
with the replay's, key by key (``result_ok``: true, false, or null when the file records no result
or is a fairness record alone). Prints JSON; exit status 0 when every check passes, 1 when one
fails, 2 when the file is malformed. Never a traceback.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

from games.engine.fairness import contribution_ok, deck_seed, first_dealer
from games.engine.json_objects import bad_text, named_once
from games.engine.replay import (
    TOO_LARGE,
    any_digits,
    as_the_page_reads,
    no_constant,
    print_output,
    read_utf8,
    run_scenario,
    without_bom,
)
from games.engine.rules import PRESETS, RulesError, rules_with_overrides
from games.engine.shuffle import commitment, shuffled_deck

__all__ = ["VerifyError", "main", "verify_scenario"]


_HEX = re.compile(r"(?:[0-9a-fA-F]{2})*")


class VerifyError(ValueError):
    """The file is malformed (exit status 2)."""


def _hex_bytes(value: Any, where: str) -> bytes:
    # Hex digits only, as the Fairness page reads it: bytes.fromhex skips spaces ("00 01 …"), which
    # the page calls malformed (review 98: the two verifiers judged such a file apart).
    data = bytes.fromhex(value) if isinstance(value, str) and _HEX.fullmatch(value) else None
    if data is None:
        raise VerifyError(f"{where} must be hexadecimal")
    return data


def _seat(value: Any, seats: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise VerifyError(f"{where} must be a seat (0 to {seats - 1})")
    return value


def _dealt_in_turn(dealt: Sequence[int], seats: int, dealer: int | None) -> bool:
    """RULES.md 4.1: clockwise from the dealer's left, the dealer last, skipping the seats that sit
    the deal out. With no dealer known, clockwise from any seat."""
    start = dealt[-1] if dealer is None else dealer
    return list(dealt) == sorted(dealt, key=lambda seat: (seat - start - 1) % seats)


def _seat_list(value: Any, seats: int, where: str) -> list[int]:
    if not isinstance(value, list):
        raise VerifyError(f"{where} must list seats (0 to {seats - 1})")
    return [_seat(seat, seats, where) for seat in value]


def string_seats(
    fair: dict[str, Any], contributions: list[str], seats: int
) -> tuple[list[dict[str, Any]], bool, list[str]]:
    """Review 152: whose each string is. The deck's seed mixes the strings in seat order, so the
    record names each string's seat (``contributors``, parallel to ``contributions``) and the bots'
    seats (``bots``): the seats must go up strictly (one string a seat, in the order mixed), and no
    bot's seat carries one (a bot sends none). Listed alone, the strings let a server reorder them or
    add one for a bot's seat, and grind for a deck it liked. A record without seats (exported before)
    is read as before: the strings by seat (None), not checked (False), and no problem."""
    if "contributors" not in fair:
        if "bots" in fair:
            _seat_list(fair["bots"], seats, "'_fair.bots'")
        return [{"seat": None, "string": value} for value in contributions], False, []
    contributors = _seat_list(fair["contributors"], seats, "'_fair.contributors'")
    if len(contributors) != len(contributions):
        raise VerifyError("'_fair.contributors' must name one seat per string of '_fair.contributions'")
    bots = _seat_list(fair.get("bots", []), seats, "'_fair.bots'")
    problems: list[str] = []
    for before, after in pairwise(contributors):
        if after <= before:
            problems.append(
                f"the strings are not in seat order: seat {before}'s string comes before seat {after}'s"
            )
            break
    for seat in sorted(set(contributors) & set(bots)):
        problems.append(f"seat {seat} is a bot's and carries a string: a bot sends none")
    strings = [
        {"seat": seat, "string": value} for seat, value in zip(contributors, contributions, strict=True)
    ]
    return strings, True, problems


def verify_deal(
    fair: dict[str, Any],
    deck: Sequence[str],
    hand_size: int,
    dealer: int | None = None,
    deck_for: Callable[[int], int] | None = None,
) -> dict[str, Any]:
    """The checks of one deal; ``problems`` says what failed, in words. ``dealer``: the seat the
    scenario names as this deal's dealer, if it names one; ``deck_for``: the file's rules' deck size
    for a number of seats (``Rules.deck_for``), which the deck must have."""
    if not isinstance(fair, dict):
        raise VerifyError("'_fair' must be an object")
    seed = _hex_bytes(fair.get("seed"), "'_fair.seed'")
    published = fair.get("commitment")
    if not isinstance(published, str):
        raise VerifyError("'_fair.commitment' must be a string")
    contributions = fair.get("contributions", [])
    if not isinstance(contributions, list) or not all(contribution_ok(c) for c in contributions):
        raise VerifyError("'_fair.contributions' must list strings of 1 to 64 characters")
    dealt = fair.get("dealt")
    hands = fair.get("hands")
    if not isinstance(dealt, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in dealt):
        raise VerifyError("'_fair.dealt' must list the seats dealt in, in dealing order")
    if not isinstance(hands, list) or not all(
        hand is None or (isinstance(hand, list) and all(isinstance(c, str) for c in hand)) for hand in hands
    ):
        raise VerifyError("'_fair.hands' must list each seat's hand: a list of card names, or null")
    if len(dealt) < 2 or len(set(dealt)) != len(dealt):
        # An empty list would pass the hands check without checking a single hand.
        raise VerifyError("'_fair.dealt' must list at least two different seats, in dealing order")
    if len(deck) not in (32, 36, 52):
        # The shuffle's own ValueError reached callers of verify_scenario past its VerifyError.
        raise VerifyError(f"a deck holds 32, 36 or 52 cards, not {len(deck)}")
    if len(dealt) * hand_size > len(deck):
        raise VerifyError(f"{len(dealt)} hands of {hand_size} cards do not come out of {len(deck)} cards")
    strings, seats_checked, problems = string_seats(fair, contributions, len(hands))
    commitment_ok = commitment(seed) == published.strip().lower()
    if not commitment_ok:
        problems.append("the seed does not match the commitment published before the deal")
    expected_deck = list(shuffled_deck(deck_seed(seed, contributions), len(deck)))
    deck_ok = expected_deck == list(deck)
    if not deck_ok:
        problems.append("the deck is not the shuffle of this seed and these contributions")
    size = deck_for(len(hands)) if deck_for is not None else len(deck)
    if len(deck) != size:
        # Review 134: the seed's 32-, 36- and 52-card shuffles were each called fair, so a server
        # that knew the seed chose among three decks, and dealt a game from a deck it does not use.
        deck_ok = False
        problems.append(f"the deck holds {len(deck)} cards: the game deals {size} to {len(hands)} seats")
    m = len(dealt)
    hands_ok = True
    for j, seat in enumerate(dealt):
        if not 0 <= seat < len(hands):
            raise VerifyError(f"'_fair.dealt' names seat {seat}, which has no hand")
        should = sorted(expected_deck[j : m * hand_size : m])
        if hands[seat] is None or sorted(hands[seat]) != should:
            hands_ok = False
            problems.append(f"seat {seat} was not dealt the recorded hand")
    for seat, hand in enumerate(hands):
        if seat not in dealt and hand:
            # Review 98: a seat the cards did not go to, shown holding some, was called fair.
            hands_ok = False
            problems.append(f"seat {seat} was not dealt in, yet the record shows it holding cards")
    if dealer is not None:
        _seat(dealer, len(hands), "'dealer'")
    if "dealer" in fair:
        own = _seat(fair["dealer"], len(hands), "'_fair.dealer'")
        if dealer is not None and own != dealer:
            hands_ok = False
            problems.append(f"the record names seat {own} as the dealer, the scenario seat {dealer}")
        dealer = own
    first = fair.get("first", False)
    if not isinstance(first, bool):
        raise VerifyError("'_fair.first' must be true or false")
    if first:
        # A table's first deal: its dealer is drawn from the deal's own seed, as the deck is.
        drawn = first_dealer(deck_seed(seed, contributions), len(hands))
        if dealer != drawn:
            hands_ok = False
            problems.append(f"the first deal's dealer is seat {drawn} by its seed, not seat {dealer}")
    if not _dealt_in_turn(dealt, len(hands), dealer):
        hands_ok = False
        problems.append("the hands were not dealt in turn, clockwise from the dealer's left")
    notes = (
        []
        if seats_checked or not contributions
        else ["the record does not name the strings' seats: whose each string is could not be checked"]
    )
    return {
        "commitment_ok": commitment_ok,
        "deck_ok": deck_ok,
        "hands_ok": hands_ok,
        "seats_checked": seats_checked,
        "strings": strings,
        "problems": problems,
        **({"notes": notes} if notes else {}),
    }


#: A deal's recorded result (the export's ``_result``), in the replay's words: each key's type.
_RESULT_KEYS: dict[str, str] = {
    "result": "a result name",
    "trump": "a suit or null",
    "statuses": "a list of status names, one per seat",
    "tricks": "a list of whole numbers, one per seat",
    "payouts": "a list of whole numbers, one per seat",
    "penalties": "a list of whole numbers, one per seat",
    "stacks": "a list of whole numbers, one per seat",
    "bank": "a whole number",
    "next_dealer": "a seat",
}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _result_shape_ok(key: str, value: Any, seats: int) -> bool:
    if key == "result":
        return isinstance(value, str)
    if key == "trump":
        return value is None or isinstance(value, str)
    if key == "bank":
        return _whole(value)
    if key == "next_dealer":
        return _whole(value) and 0 <= value < seats
    kind = str if key == "statuses" else int
    return (
        isinstance(value, list)
        and len(value) == seats
        and all(isinstance(v, kind) and not isinstance(v, bool) for v in value)
    )


def recorded_result(deal: dict[str, Any], k: int, seats: int) -> dict[str, Any] | None:
    """Deal ``k``'s recorded result (``_result``), checked for shape; None when the file has none
    (exported before results were recorded)."""
    if "_result" not in deal:
        return None
    recorded = deal["_result"]
    if not isinstance(recorded, dict):
        raise VerifyError(f"deal {k}: '_result' must be an object")
    for key, words in _RESULT_KEYS.items():
        if key not in recorded or not _result_shape_ok(key, recorded[key], seats):
            raise VerifyError(f"deal {k}: '_result.{key}' must be {words}")
    return recorded


def result_problems(recorded: dict[str, Any], replayed: dict[str, Any]) -> list[str]:
    """What of the recorded result the replay of the moves does not give, one sentence per key."""
    return [
        f"the recorded result does not follow from the moves: {key} recorded as "
        f"{json.dumps(recorded[key])}, the moves give {json.dumps(replayed.get(key))}"
        for key in _RESULT_KEYS
        if recorded[key] != replayed.get(key)
    ]


def _hands_one_per_seat(fair: Any, k: int, data: dict[str, Any], rules: Any) -> None:
    """``_fair.hands`` holds one entry per seat of the table: a scenario's seats are its stacks, a
    fairness record's a table of the preset's size. The seats are what a table's first dealer is
    drawn over (``first_dealer``): counted from the hands, a server that knew the deck padded them
    with empty seats until the draw gave the dealer it liked, and the file was called fair."""
    hands = fair.get("hands") if isinstance(fair, dict) else None
    if not isinstance(hands, list):
        return  # verify_deal says what is wrong with it
    if "stacks" in data:
        seats = len(data["stacks"])
        if len(hands) != seats:
            raise VerifyError(
                f"deal {k}: '_fair.hands' must hold one entry per seat ({seats}), not {len(hands)}"
            )
    elif not rules.min_players <= len(hands) <= rules.max_players:
        raise VerifyError(
            f"deal {k}: '_fair.hands' must hold one entry per seat, {rules.min_players} to "
            f"{rules.max_players} seats, not {len(hands)}"
        )


def _deal_number(deal: dict[str, Any], k: int) -> int | None:
    """The deal's number at its table (``_deal.number``, 1 for the table's first deal), if given."""
    if "_deal" not in deal:
        return None
    about = deal["_deal"]
    number = about.get("number") if isinstance(about, dict) else None
    if not isinstance(about, dict) or not _whole(number) or number < 1:
        raise VerifyError(f"deal {k}: '_deal.number' must be the deal's number at its table, from 1")
    return number


def _may_be_first(fair: dict[str, Any], number: int | None, k: int, scenario: bool) -> bool:
    """Review 98: might this be a table's first deal whose dealer, drawn from its seed, the file
    leaves unchecked? ``first`` (true) is what checks it: a server that picked the first dealer it
    liked dropped the flag and the file was called fair. A deal shows it is not a first deal by its
    number (above 1; the deal page shows the reader the number) or by being a scenario's later deal
    (its dealer follows from the deal before it, which the replay checks)."""
    if fair.get("first") is True:
        return False
    if number is not None:
        return number == 1
    return k == 0 or not scenario


def verify_scenario(data: Any) -> tuple[dict[str, Any], int]:
    if not isinstance(data, dict) or not isinstance(data.get("deals"), list):
        raise VerifyError("the file must be a scenario object with 'deals'")
    refused = bad_text(data)
    if refused is not None:
        raise VerifyError(refused)
    if not data["deals"]:
        # Review 134: {"ok": false, "deals": []} and exit 1 said a check failed, and named none.
        raise VerifyError("the file has no deal to check: its 'deals' is empty")
    preset = data.get("preset")
    if not isinstance(preset, str) or preset not in PRESETS:  # a list or an object is no name either
        raise VerifyError(f"unknown preset {json.dumps(preset)[:40]}")
    # Absent or null is none; [] or "" is no object (review 98: the page called it malformed).
    overrides = data.get("rules")
    overrides = {} if overrides is None else overrides
    if not isinstance(overrides, dict):
        raise VerifyError("'rules' must be an object of parameter overrides")
    try:
        rules = rules_with_overrides(preset, overrides)
    except (RulesError, TypeError) as exc:
        raise VerifyError(f"bad rule override: {exc}") from None
    dealer = None
    if "dealer" in data:  # a scenario's (a fairness record alone names its dealer in its '_fair')
        dealer = data["dealer"]
        if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer < 0:
            raise VerifyError("'dealer' must be a seat")
    # A scenario (not a fairness record alone) is played as the replay plays it: each deal's hands
    # went round in the order the engine deals from the dealer the rules give it, whatever the file's
    # '_fair.dealer' says (a later deal's dealer is the file's word otherwise).
    played: list[tuple[int, ...]] = []
    after: list[list[int]] = []
    refused: dict[str, Any] | None = None
    replayed: dict[str, Any] | None = None
    if "stacks" in data:
        replayed, status = run_scenario(data, dealt=played, stacks_after=after)
        if status == 2:
            # A scenario the replay refuses as malformed was passed as fair, its dealing order left
            # unchecked (nothing was dealt to compare with): the file is malformed here too (review 38).
            raise VerifyError(f"the scenario is malformed: {replayed['error']['message']}")
        if status == 1:
            # A move the deck's hands could not have made (a card dealt to another seat): the seed,
            # deck and hands alone passed such a history as fair.
            refused = replayed["error"]
    results = []
    for k, deal in enumerate(data["deals"]):
        if not isinstance(deal, dict) or not isinstance(deal.get("deck"), list):
            raise VerifyError(f"deal {k} has no deck")
        if "_fair" not in deal:
            results.append({"deal": k, "checked": False, "problems": ["no fairness record for this deal"]})
            continue
        _hands_one_per_seat(deal["_fair"], k, data, rules)
        number = _deal_number(deal, k)
        checked = verify_deal(
            deal["_fair"], deal["deck"], rules.hand_size, dealer if k == 0 else None, rules.deck_for
        )
        if _may_be_first(deal["_fair"], number, k, "stacks" in data):
            checked["hands_ok"] = False
            checked["problems"].append(
                "this may be the table's first deal and its record does not say that its dealer was "
                "drawn from its seed ('first'): the first dealer cannot be checked"
                if number is None
                else "this is the table's first deal (number 1) and its record does not say that its "
                "dealer was drawn from its seed ('first'): the first dealer cannot be checked"
            )
        if k < len(played) and list(deal["_fair"]["dealt"]) != list(played[k]):
            checked["hands_ok"] = False
            checked["problems"].append("the hands did not go round in the order the replay deals them")
        if refused is not None and refused.get("deal") == k:
            checked["problems"].append(
                f"the moves do not follow from this deck: move {refused['action'] + 1} was refused "
                f"({refused['message']})"
            )
        seats = len(deal["_fair"]["hands"])
        refused_here = refused is not None and refused.get("deal") == k
        checked["result_ok"] = _result_checked(deal, k, seats, replayed, after, checked, refused_here)
        results.append(
            {"deal": k, **({"number": number} if number is not None else {}), "checked": True, **checked}
        )
    ok = bool(results) and all(r["checked"] and not r["problems"] for r in results)
    return {"ok": ok, "deals": results}, 0 if ok else 1


def _result_checked(
    deal: dict[str, Any],
    k: int,
    seats: int,
    replayed: dict[str, Any] | None,
    after: list[list[int]],
    checked: dict[str, Any],
    refused_here: bool,
) -> bool | None:
    """Is deal ``k``'s recorded result the one its moves give? None when nothing can say: the file
    records no result, or it is a fairness record alone (no stacks to play the moves from)."""
    recorded = recorded_result(deal, k, seats)
    if recorded is None or replayed is None:
        return None
    entries = replayed.get("deals") or []
    if k >= len(entries) or k >= len(after):
        if not refused_here:  # a refused move says so already
            checked["problems"].append("the moves do not finish this deal: its recorded result is not theirs")
        return False
    problems = result_problems(recorded, {**entries[k], "stacks": after[k]})
    checked["problems"].extend(problems)
    return not problems


USAGE = "usage: python -m games.engine.verify FILE.json | -"
ABOUT = """\
Checks a deal's fairness record or a scenario file exported by the site (docs/rules/SCENARIOS.md;
- reads standard input): the seed against its commitment, the deck against its shuffle, the hands
against the deck, each player's string against his seat, and (a scenario) replays the moves and
holds each deal's recorded result (its '_result': payouts, penalties, stacks, bank) to them; prints
the result as JSON.
Exit status: 0 when every check passes, 1 when one fails, 2 when the file is malformed."""


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args in (["-h"], ["--help"]):
        # Asked for: the answer goes to standard output and is no error.
        print(USAGE + "\n" + ABOUT)
        return 0
    if len(args) != 1:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        text = read_utf8(args[0])
        data = json.loads(
            without_bom(text),
            object_pairs_hook=named_once,
            parse_constant=no_constant,
            parse_float=as_the_page_reads,
        )
        with any_digits():
            output, status = verify_scenario(data)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        print(f"verify: {exc}".replace("\n", " "), file=sys.stderr)
        return 2
    except MemoryError:
        print(f"verify: {TOO_LARGE}", file=sys.stderr)
        return 2
    except Exception as exc:  # the CLI boundary: a bug must still not print a traceback
        print(f"verify: internal error: {type(exc).__name__}: {exc}".replace("\n", " "), file=sys.stderr)
        return 2
    with any_digits():
        print_output(output)
    return status


if __name__ == "__main__":
    sys.exit(main())
