"""Writes of the live tables; each is the one way to do its thing (DESIGN.md section 2)."""

from .acting import (
    ActResult,
    clock_anything_due,
    legal_match,
    session_deal_if_due,
    table_act,
    tables_tick,
    turn_expire,
)
from .errors import TableError
from .fairness import seed_contribute
from .notify import table_notify_on_commit
from .seating import (
    table_away,
    table_back,
    table_bot_add,
    table_bot_remove,
    table_leave,
    table_sit,
    table_stand_up,
)
from .sessions import practice_table_open, table_session_create

__all__ = [
    "ActResult",
    "TableError",
    "clock_anything_due",
    "legal_match",
    "practice_table_open",
    "seed_contribute",
    "session_deal_if_due",
    "table_act",
    "table_away",
    "table_back",
    "table_bot_add",
    "table_bot_remove",
    "table_leave",
    "table_notify_on_commit",
    "table_session_create",
    "table_sit",
    "table_stand_up",
    "tables_tick",
    "turn_expire",
]
