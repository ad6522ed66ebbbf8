"""Writing one move: its ``DealAction`` row, and the deal's new ``seq``, snapshot and deadline.

On PostgreSQL both go in one statement (a data-modifying ``WITH``) whose SQL is built once per
process: through the ORM they were two round trips, and compiling an INSERT and an UPDATE cost about
a third of a millisecond of CPU on every move. The values go through each field's own
``get_db_prep_save``, so the row holds what the ORM would have written. Elsewhere the ORM writes.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import DatabaseError, connection

from ..models import Deal, DealAction

_ACTION_FIELDS = ("deal", "seq", "seat", "action", "actor", "events", "created_at")
_DEAL_FIELDS = ("seq", "state", "deadline")


@cache
def _sql() -> str:
    quote = connection.ops.quote_name
    action_columns = ", ".join(quote(DealAction._meta.get_field(f).column) for f in _ACTION_FIELDS)
    deal_columns = ", ".join(f"{quote(Deal._meta.get_field(f).column)} = %s" for f in _DEAL_FIELDS)
    return (
        f"WITH action AS (INSERT INTO {quote(DealAction._meta.db_table)} ({action_columns})"
        f" VALUES ({', '.join(['%s'] * len(_ACTION_FIELDS))}))"
        f" UPDATE {quote(Deal._meta.db_table)} SET {deal_columns}"
        f" WHERE {quote(Deal._meta.pk.column)} = %s"
    )


def _prepared(model: type[Deal | DealAction], obj: Deal | DealAction, names: tuple[str, ...]) -> list[Any]:
    values: list[Any] = []
    for name in names:
        field = model._meta.get_field(name)
        values.append(field.get_db_prep_save(getattr(obj, field.attname), connection))
    return values


def together() -> bool:
    """Can a move's action and deal row be written in one statement here?"""
    return connection.vendor == "postgresql"


def move_write(*, action: DealAction, deal: Deal) -> None:
    """Insert ``action`` and save the deal's ``seq``, ``state`` and ``deadline`` (``together()``)."""
    params = [*_prepared(DealAction, action, _ACTION_FIELDS), *_prepared(Deal, deal, _DEAL_FIELDS), deal.pk]
    with connection.cursor() as cursor:
        cursor.execute(_sql(), params)
        if cursor.rowcount != 1:  # as ``save(update_fields=...)`` says of a row that is gone
            raise DatabaseError("Save with update_fields did not affect any rows.")
