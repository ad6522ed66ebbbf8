"""Khrap rules engine: pure Python, no Django, no I/O (see DESIGN.md section 3).

Typical use::

    state = new_deal(PRESETS["classic"], stake=5, stacks=[100] * 4, bank=0, dealer=0, deck=deck)
    while not is_over(state):
        seat = to_act(state)
        state, events = apply(state, seat, legal_actions(state, seat)[0])
    print(outcome(state).to_json())
"""

from .actions import ACTION_NAMES, Action
from .cards import deck
from .engine import abandon, apply, deal_start_events, in_deal, is_over, new_deal, outcome, to_act
from .errors import EngineError, IllegalAction
from .events import (
    ChipsMoved,
    DealOver,
    DealStarted,
    Declared,
    Discarded,
    Drew,
    Event,
    InstantWin,
    Looked,
    Played,
    Redeal,
    StatusChanged,
    TookTrumpCard,
    TrickWon,
    TrumpNamed,
    TrumpTurned,
)
from .legal import legal_actions
from .observe import observe
from .rules import PRESETS, Rules, RulesError, rules_with_overrides
from .state import Outcome, State, state_from_json, state_to_json

__all__ = [
    "ACTION_NAMES",
    "PRESETS",
    "Action",
    "ChipsMoved",
    "DealOver",
    "DealStarted",
    "Declared",
    "Discarded",
    "Drew",
    "EngineError",
    "Event",
    "IllegalAction",
    "InstantWin",
    "Looked",
    "Outcome",
    "Played",
    "Redeal",
    "Rules",
    "RulesError",
    "State",
    "StatusChanged",
    "TookTrumpCard",
    "TrickWon",
    "TrumpNamed",
    "TrumpTurned",
    "abandon",
    "apply",
    "deal_start_events",
    "deck",
    "in_deal",
    "is_over",
    "legal_actions",
    "new_deal",
    "observe",
    "outcome",
    "rules_with_overrides",
    "state_from_json",
    "state_to_json",
    "to_act",
]
