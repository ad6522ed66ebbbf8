"""Tables stored with a date past the year 9999 (possible before starts and lengths were bounded,
from a manager west of UTC entering 9999-12-31): PostgreSQL keeps such a row, Python cannot read it,
and every page listing it failed. Not yet played: cancelled, their dates brought back into the
calendar. Already running: they end a week after their start, as any table now must."""

from __future__ import annotations

from typing import Any

from django.db import migrations

# Raw SQL: the ORM would have to read these rows to change them, which is exactly what fails.
FIX = [
    """
    UPDATE games_tablesession
       SET status = 'cancelled',
           starts_at = LEAST(starts_at, TIMESTAMPTZ '9999-12-24 00:00:00+00'),
           ends_at = LEAST(ends_at, TIMESTAMPTZ '9999-12-24 00:00:00+00'),
           next_deal_at = NULL,
           repeat_weekly = FALSE
     WHERE status IN ('scheduled', 'open')
       AND (starts_at >= TIMESTAMPTZ '9999-12-31 00:00:00+00'
            OR ends_at >= TIMESTAMPTZ '9999-12-31 00:00:00+00')
    """,
    """
    UPDATE games_tablesession
       SET ends_at = LEAST(starts_at + INTERVAL '7 days', TIMESTAMPTZ '9999-12-30 00:00:00+00'),
           repeat_weekly = FALSE
     WHERE ends_at >= TIMESTAMPTZ '9999-12-31 00:00:00+00'
    """,
]


def forwards(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return  # only PostgreSQL stores dates past 9999
    with schema_editor.connection.cursor() as cursor:
        for statement in FIX:
            cursor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("games", "0008_table_create_key")]
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
