"""The application role reads the record of applied migrations and never writes it.

The roles (docker/db-init/10-roles.sql) give the application role every row right on the owner's
tables, django_migrations included. Unapplying a migration that changes no table (a new choice of a
field: ledger 0009) needs no DDL, only a row deleted from that record, so the application role's
``migrate … zero`` unapplied it, and the schema and its record disagreed until the next deploy. This
takes the write rights on the record from every role but the one that migrates (on PostgreSQL; the
embedded SQLite has no roles)."""

from django.db import migrations

REVOKE = """
DO $$
DECLARE grantee_name text;
BEGIN
    FOR grantee_name IN
        SELECT DISTINCT grantee FROM information_schema.role_table_grants
        WHERE table_schema = current_schema() AND table_name = 'django_migrations'
          AND grantee <> current_user AND grantee <> 'PUBLIC'
          AND privilege_type IN ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE')
    LOOP
        EXECUTE format('REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON django_migrations FROM %I', grantee_name);
    END LOOP;
END
$$;
"""


def revoke(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(REVOKE, params=None)  # no placeholders: its "%I" is format()'s


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0016_punctuation_skeletons"),
    ]

    operations = [migrations.RunPython(revoke, migrations.RunPython.noop)]
