"""Rule parameters (RULES.md section 7) and the presets.

One engine, many rule books: every difference between the sources is a field of :class:`Rules`,
named as in RULES.md, so a club can start from a preset and override single parameters.
The Frap family (frap, khrap5, named5) adds: ``five_timing = after_exchange`` (the cut comes after
the buying), ``trump_source = named`` (the snorer names the trump after the exchange),
``five_take_trump`` (the cutter may take the turned trump card), ``dark = blind`` (blind frap,
liability ``liability_blind``), penalty tables by tricks made (6.5) and ``snorer_payout =
rest_by_round`` (6.6).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any


class RulesError(ValueError):
    """An unknown preset or parameter, or a value a parameter cannot take.

    ``str()`` is an English sentence for a developer; ``code`` and ``params`` let the site say the
    same in its reader's language (games.services.sessions)."""

    def __init__(self, message: str, code: str = "invalid", **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


_CHOICES: dict[str, tuple[Any, ...]] = {
    "trump_source": ("turned", "named"),
    "ante_policy": ("every_deal", "when_bank_empty"),
    "five_timing": ("after_help", "after_exchange"),
    "cheer": (None, "only_trump_ace", "holds_trump_ace"),
    "helicopter": (None, "ace_six_only", "ace_six_or_ace_seven", "holds_ace_six", "two_with_six"),
    "dark": (None, "take_trump", "wrap_swap", "dealer_wrap", "blind"),
    "exchange_order": ("fives_snorer_helpers", "snorer_fives_helpers", "snorer_clockwise"),
    "draw_choice": ("top", "top_or_bottom"),
    "first_lead": ("first_five_else_snorer",),
    "first_trick_order": ("clockwise", "fives_snorer_rest"),
    "instant_win": (None, "four_aces", "four_of_a_kind"),
    "penalty_to": ("next_bank", "winners_now"),
    "next_dealer": ("snorer", "clockwise"),
    "snorer_payout": ("per_trick", "rest_by_round"),
}

#: Penalty tables (6.5): multiples of B0 indexed by the tricks a failed player made.
_TABLES = ("penalty_snorer_by_tricks", "penalty_blind", "penalty_blind_ace")


@dataclass(frozen=True)
class Rules:
    """Every parameter of RULES.md section 7, by its name there.

    ``deck`` is a tuple of ``(max_players, deck_size)`` steps ("36; 52 for 7+" is
    ``((6, 36), (8, 52))``); ``exchange_snorer`` / ``exchange_helper`` are the ``lo, hi`` of the
    "exchange: snorer / helper" row; ``five`` lists the five-type statuses the preset has
    (``("five", "six")`` in Classic) and ``five_draw`` / ``six_draw`` how many cards they draw.
    Liabilities and penalties (6.3, 6.4) are multiples of B0.

    Frap family (6.5, 6.6): ``penalty_snorer_by_tricks`` is the failed snorer's penalty indexed by
    the tricks he made (empty: ``penalty_snorer`` whatever he made; Frap ``(2, 1)``, Khrap-5
    ``(2, 1, 1)``); ``penalty_blind`` / ``penalty_blind_ace`` the same for blind frap, the second
    when the trump card of the round is an ace (Decision 7). ``snorer_payout = rest_by_round``:
    a snorer who made his tricks takes what is left of B0 after the helpers' payouts, at most
    B0 // 2 when he snored in round 2 or later (6.6; "на втором кругу — половину кона").
    """

    name: str
    min_players: int = 2
    max_players: int = 5
    deck: tuple[tuple[int, int], ...] = ((5, 36),)
    hand_size: int = 4
    snore_tricks: int = 2
    trump_source: str = "turned"
    trump_rounds: int = 3
    new_trump_suit: bool = False
    ante_policy: str = "when_bank_empty"
    ante_each_round: bool = False
    ante_on_redeal: bool = True
    join_when_bank_empty: bool = True
    five: tuple[str, ...] = ("five",)
    five_timing: str = "after_help"
    five_draw: int = 5
    six_draw: int = 6
    five_take_trump: bool = False
    cheer: str | None = None
    mourn: bool = False
    helicopter: str | None = None
    dark: str | None = None
    dealer_wrap_hidden: bool = False
    shoot: bool = False
    exchange_snorer: tuple[int, int] = (0, 4)
    exchange_helper: tuple[int, int] = (0, 4)
    exchange_order: str = "fives_snorer_helpers"
    draw_choice: str = "top"
    first_lead: str = "first_five_else_snorer"
    first_trick_order: str = "clockwise"
    instant_win: str | None = None
    failed_collect: bool = True
    penalty_to: str = "next_bank"
    next_dealer: str = "clockwise"
    joker: bool = False
    liability_snorer: int = 2
    liability_helper: int = 1
    penalty_snorer: int = 2
    penalty_helper: int = 1
    liability_blind: int = 4
    penalty_snorer_by_tricks: tuple[int, ...] = ()
    penalty_blind: tuple[int, ...] = (2, 4)
    penalty_blind_ace: tuple[int, ...] = (2, 3)
    snorer_payout: str = "per_trick"

    def deck_for(self, players: int) -> int:
        """Deck size for a number of seated players."""
        for top, size in self.deck:
            if players <= top:
                return size
        return self.deck[-1][1]

    def to_json(self) -> dict[str, Any]:
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rules:
        return _build(dict(data))


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_tupled(v) for v in value)
    return value


_FIELDS = {f.name: f for f in dataclasses.fields(Rules)}
_BOOLS = {n for n, f in _FIELDS.items() if f.type == "bool"}
_INTS = {n for n, f in _FIELDS.items() if f.type == "int"}


def _check(name: str, value: Any) -> Any:
    """Validate and normalise one parameter value (lists become tuples)."""
    if name not in _FIELDS:
        raise RulesError(f"unknown rule parameter {name!r}", "unknown_parameter", name=name)
    if name in _CHOICES:
        if value not in _CHOICES[name]:
            raise RulesError(
                f"{name} cannot be {value!r}; choose one of {list(_CHOICES[name])}",
                "bad_choice",
                name=name,
                choices=", ".join(str(c).lower() if c is None else c for c in _CHOICES[name]),
            )
        return value
    if name in _BOOLS:
        if not isinstance(value, bool):
            raise RulesError(f"{name} must be true or false", "not_boolean", name=name)
        return value
    if name in _INTS:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RulesError(f"{name} must be a whole number ≥ 0", "not_whole", name=name)
        return value
    if name == "name":
        if not isinstance(value, str):
            raise RulesError("name must be a string", "not_text", name=name)
        return value
    if name == "deck":
        if isinstance(value, int) and not isinstance(value, bool):
            value = ((99, value),)
        value = _tupled(value)
        if not (
            isinstance(value, tuple)
            and value
            and all(
                isinstance(p, tuple)
                and len(p) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in p)
                and p[1] in (32, 36, 52)
                for p in value
            )
        ):
            raise RulesError("deck must be 32, 36, 52 or a list of [max_players, size] pairs", "bad_deck")
        return value
    if name in ("exchange_snorer", "exchange_helper"):
        value = _tupled(value)
        if not (
            isinstance(value, tuple)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
            and value[0] <= value[1]
        ):
            raise RulesError(f"{name} must be [lowest, highest] card counts", "bad_range", name=name)
        return value
    if name in _TABLES:
        value = _tupled(value)
        if not (
            isinstance(value, tuple)
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
        ):
            raise RulesError(
                f"{name} must list penalty multiples (whole numbers ≥ 0) by tricks made",
                "bad_penalties",
                name=name,
            )
        if name != "penalty_snorer_by_tricks" and not value:
            raise RulesError(f"{name} needs at least one entry", "empty_list", name=name)
        return value
    if name == "five":
        value = _tupled(value)
        if not isinstance(value, tuple) or any(v not in ("five", "six") for v in value):
            raise RulesError("five must list 'five' and/or 'six'", "bad_five")
        return value
    raise RulesError(f"cannot set {name}", "unknown_parameter", name=name)  # pragma: no cover


def _build(params: dict[str, Any]) -> Rules:
    checked = {k: _check(k, v) for k, v in params.items()}
    rules = Rules(**checked)
    if not 2 <= rules.min_players <= rules.max_players:
        raise RulesError("player range must satisfy 2 ≤ min_players ≤ max_players", "player_range")
    if rules.hand_size < 1 or rules.snore_tricks > rules.hand_size:
        raise RulesError("snore_tricks cannot exceed hand_size", "snore_tricks")
    if rules.trump_rounds < 1:
        raise RulesError("trump_rounds must be at least 1", "trump_rounds")
    if rules.trump_source == "named":
        # Cheer, mourn, helicopter and every dark form look at the trump suit or the trump card,
        # which a named-trump deal does not have while bidding.
        if rules.cheer or rules.mourn or rules.helicopter or rules.dark or rules.five_take_trump:
            raise RulesError(
                "with a named trump there is no cheer, mourn, helicopter, dark play or taking of the "
                "trump card",
                "named_trump_specials",
            )
        if rules.instant_win:
            # The trump is unknown when an instant win would apply.
            raise RulesError("with a named trump there is no instant win", "named_trump_instant_win")
    # A five-taker keeps hand_size of the cards he draws: fewer would leave him short of cards.
    for kind, draw in (("five", rules.five_draw), ("six", rules.six_draw)):
        if kind in rules.five and draw < rules.hand_size:
            raise RulesError(
                f"{kind}_draw cannot be smaller than hand_size", "draw_too_small", name=f"{kind}_draw"
            )
    if rules.shoot and rules.hand_size < 3:
        raise RulesError("shoot gives up 3 cards: it needs a hand_size of at least 3", "shoot_hand_size")
    if rules.five_take_trump and rules.five_timing != "after_exchange":
        raise RulesError(
            "taking the trump card with a cut needs five_timing = after_exchange", "cut_trump_timing"
        )
    if rules.dark == "blind" and rules.liability_blind < max(rules.penalty_blind + rules.penalty_blind_ace):
        raise RulesError("liability_blind must cover the largest blind frap penalty", "liability_blind")
    if rules.penalty_snorer_by_tricks and rules.liability_snorer < max(rules.penalty_snorer_by_tricks):
        raise RulesError("liability_snorer must cover the largest snorer penalty", "liability_snorer")
    turned = 1 if rules.trump_source == "turned" else 0
    for players in range(rules.min_players, rules.max_players + 1):
        if players * rules.hand_size + turned > rules.deck_for(players):
            raise RulesError(
                f"a {rules.deck_for(players)}-card deck is too small for {players} players",
                "deck_too_small",
                size=rules.deck_for(players),
                players=players,
            )
    return rules


PRESETS: dict[str, Rules] = {
    "classic": _build(
        dict(
            name="classic", min_players=2, max_players=5, deck=((5, 36),), five=("five", "six"),
            cheer="only_trump_ace", mourn=True, helicopter="ace_six_only",
            exchange_order="fives_snorer_helpers", instant_win="four_aces", next_dealer="snorer",
        )
    ),
    "moryak": _build(
        dict(
            name="moryak", min_players=2, max_players=8, deck=((6, 36), (8, 52)), new_trump_suit=True,
            helicopter="ace_six_or_ace_seven", dark="take_trump", exchange_snorer=(1, 3),
            exchange_helper=(1, 3), first_trick_order="fives_snorer_rest",
            instant_win="four_of_a_kind", next_dealer="clockwise",
        )
    ),
    "bulgarian36": _build(
        dict(
            name="bulgarian36", min_players=2, max_players=6, deck=((6, 36),),
            helicopter="two_with_six", dark="wrap_swap", shoot=True, failed_collect=False,
        )
    ),
    "zone52": _build(
        dict(
            name="zone52", min_players=2, max_players=6, deck=((6, 52),), ante_policy="every_deal",
            cheer="holds_trump_ace", helicopter="holds_ace_six", dark="dealer_wrap",
            dealer_wrap_hidden=True, exchange_order="snorer_clockwise",
            first_trick_order="fives_snorer_rest", penalty_to="winners_now",
        )
    ),
    "student": _build(
        dict(
            name="student", min_players=3, max_players=4, deck=((4, 36),), cheer="holds_trump_ace",
            dark="dealer_wrap", exchange_order="snorer_clockwise", draw_choice="top_or_bottom",
            next_dealer="snorer", joker=True,
        )
    ),
    # Frap (seed 001 "Фрап", seed 000 set 3): 32 cards up to 4 players, 36 for 5–6, 52 for 7+.
    # An all-pass round makes everyone ante again (the bank doubles, triples; after round 3 a
    # redeal with antes again: "увеличивается в 4 раза"). Cut after the buying, with the trump card.
    "frap": _build(
        dict(
            name="frap", min_players=2, max_players=12, deck=((4, 32), (6, 36), (12, 52)),
            ante_policy="every_deal", ante_each_round=True, five=("five",), five_timing="after_exchange",
            five_draw=5, five_take_trump=True, dark="blind", exchange_order="snorer_clockwise",
            penalty_snorer_by_tricks=(2, 1), next_dealer="clockwise",
        )
    ),
    # Khrap from Frap ("Храп из Фрапа"): five cards, snore = 3 tricks, two rounds, the cut draws 6.
    "khrap5": _build(
        dict(
            name="khrap5", min_players=2, max_players=6, deck=((4, 32), (6, 36)), hand_size=5,
            snore_tricks=3, trump_rounds=2, ante_policy="every_deal", ante_each_round=True,
            five=("five",), five_timing="after_exchange", five_draw=6, exchange_order="snorer_clockwise",
            penalty_snorer_by_tricks=(2, 1, 1), snorer_payout="rest_by_round", next_dealer="clockwise",
        )
    ),
    # Seed 000, last set: the snorer names the trump after the buying (at most 2 cards).
    "named5": _build(
        dict(
            name="named5", min_players=2, max_players=5, deck=((5, 36),), hand_size=5, snore_tricks=3,
            trump_source="named", trump_rounds=2, ante_policy="every_deal", ante_each_round=True,
            five=("five",), five_timing="after_help", five_draw=6, exchange_snorer=(0, 2),
            exchange_helper=(0, 2), exchange_order="snorer_clockwise",
            penalty_snorer_by_tricks=(2, 1, 1), snorer_payout="rest_by_round", next_dealer="clockwise",
        )
    ),
}


def table_rules_check(rules: Rules) -> Rules:
    """What a new table's rules must also meet: every hold covers its penalty. A penalty is taken out
    of the hold (6.3) and capped by it, so a smaller hold let a failed player pay less than the
    table's rules and its how-to say. Not part of building rules: tables opened and scenario files
    written before it keep loading and replaying as they did."""
    snorer_penalties = rules.penalty_snorer_by_tricks or (rules.penalty_snorer,)
    if rules.liability_snorer < max(snorer_penalties):
        raise RulesError("liability_snorer must cover the largest snorer penalty", "liability_snorer")
    if rules.liability_helper < rules.penalty_helper:
        raise RulesError("liability_helper must cover penalty_helper", "liability_helper")
    # A fewest count no hand holds (4.3): the exchanger's turn passed by itself every deal, while the
    # how-to said he "may change 9 to 9 cards".
    for name in ("exchange_snorer", "exchange_helper"):
        if getattr(rules, name)[0] > rules.hand_size:
            raise RulesError(
                f"{name} cannot ask for more cards than hand_size", "exchange_above_hand", name=name
            )
    return rules


def rules_with_overrides(preset: str, overrides: dict[str, Any] | None = None) -> Rules:
    """A preset with some parameters changed; ``RulesError`` on an unknown name or bad value."""
    if preset not in PRESETS:
        raise RulesError(
            f"unknown preset {preset!r}; presets are {', '.join(PRESETS)}",
            "unknown_preset",
            name=preset,
            choices=", ".join(PRESETS),
        )
    overrides = dict(overrides or {})
    if "name" in overrides:
        raise RulesError("the preset name cannot be overridden", "preset_name")
    base = PRESETS[preset].to_json()
    base.update(overrides)
    return _build(base)
