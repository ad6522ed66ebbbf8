"""The engine's rule-change errors (``RulesError.code``) in the reader's language.

The engine says what is wrong in English for developers; a manager who types a rule change reads
it here, with the parameter names as he typed them (they are the names of RULES.md's table)."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .engine import RulesError

RULES_ERROR_TEXT: dict[str, Promise] = {
    "unknown_parameter": _("there is no rule parameter called “%(name)s”"),
    "bad_choice": _("%(name)s must be one of: %(choices)s"),
    "not_boolean": _("%(name)s must be true or false"),
    "not_whole": _("%(name)s must be a whole number, 0 or more"),
    "not_text": _("%(name)s must be text"),
    "bad_deck": _("deck must be 32, 36 or 52, or a list of [most players, deck size] pairs"),
    "bad_range": _("%(name)s must be [fewest, most] cards"),
    "bad_penalties": _("%(name)s must list penalty multiples (whole numbers, 0 or more) by tricks taken"),
    "empty_list": _("%(name)s needs at least one entry"),
    "bad_five": _("five must list “five”, “six” or both"),
    "player_range": _("the players must be at least 2, and min_players at most max_players"),
    "snore_tricks": _("snore_tricks cannot be more than hand_size"),
    "trump_rounds": _("trump_rounds must be at least 1"),
    # Its bids are named as the table's buttons and how-to name them (ru «веселить», bg „забавление“):
    # the refusal said «радости», „радост“.
    "named_trump_specials": pgettext_lazy(
        "rules error",
        "with a named trump there is no cheer, mourn, helicopter, dark play or taking of the trump card",
    ),
    "named_trump_instant_win": _("with a named trump there is no instant win"),
    "draw_too_small": _("%(name)s cannot be smaller than hand_size"),
    "shoot_hand_size": _("shooting gives up 3 cards, so it needs a hand_size of at least 3"),
    "cut_trump_timing": _("taking the trump card with a cut needs five_timing = after_exchange"),
    "liability_blind": _("liability_blind must cover the largest blind penalty"),
    "liability_snorer": _("liability_snorer must cover the largest snorer penalty"),
    "liability_helper": _("liability_helper must cover penalty_helper"),
    "exchange_above_hand": _("%(name)s cannot ask for more cards than hand_size"),
    "deck_too_small": _("a %(size)s-card deck is too small for %(players)s players"),
    "unknown_preset": _("there is no preset called “%(name)s”; the presets are %(choices)s"),
    "preset_name": _("the preset's name cannot be changed"),
}

_SHOWN_NAME = 60


def rules_error_text(error: RulesError) -> str:
    """The error in the active language; a name the manager typed is shown with its invisible
    characters spelled out (``\\x00``), and cut short."""
    template = RULES_ERROR_TEXT.get(getattr(error, "code", ""))
    if template is None:
        return str(error)
    params = {
        key: printable(value) if isinstance(value, str) else value
        for key, value in getattr(error, "params", {}).items()
    }
    return str(template) % params


def printable(text: str) -> str:
    """``text`` with its invisible characters spelled out (``\\x00``), cut short."""
    shown = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
    return shown if len(shown) <= _SHOWN_NAME else shown[: _SHOWN_NAME - 1] + "…"
