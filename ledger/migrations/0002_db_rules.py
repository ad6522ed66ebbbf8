"""The ledger's rules, enforced by PostgreSQL itself (SQLite relies on the service and the CHECKs).

- Every journal balances: a deferred constraint trigger (after django-hordak's ``check_leg``) checks at
  commit that the journal's entries sum to zero and that there are at least two of them. It fires for
  each new entry (so entries added later to an old journal are checked too) and for each new journal
  (so a journal without entries is refused).
- Journals and entries are append-only: row triggers refuse UPDATE and DELETE, a statement trigger
  refuses TRUNCATE. Django's test runner empties tables with TRUNCATE between transactional tests, so
  a session may lift the TRUNCATE guard with ``SET ledger.allow_truncate = 'on'`` (ledger/apps.py does
  so only under pytest). UPDATE and DELETE have no such switch.
- An account's identity (club, kind, member, table) never changes; only its balance does.
- Only a treasury may go negative: the model's CHECK constraint (migration 0001).
"""

from django.db import migrations

FORWARD = r"""
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'ledger: % on % is refused: the books are append-only, post a reversal instead',
        TG_OP, TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END
$$;

CREATE FUNCTION ledger_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF coalesce(current_setting('ledger.allow_truncate', true), '') = 'on' THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION 'ledger: TRUNCATE on % is refused: the books are append-only', TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation';
END
$$;

CREATE FUNCTION ledger_check_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    jid bigint;
    total numeric;
    n integer;
BEGIN
    IF TG_TABLE_NAME = 'ledger_entry' THEN
        jid := NEW.journal_id;
    ELSE
        jid := NEW.id;
    END IF;
    SELECT coalesce(sum(amount), 0), count(*) INTO total, n FROM ledger_entry WHERE journal_id = jid;
    IF total <> 0 OR n < 2 THEN
        RAISE EXCEPTION 'ledger: journal % is not balanced (% entries summing to %)', jid, n, total
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION ledger_refuse_account_identity_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'ledger: account % may change its balance only', OLD.id
        USING ERRCODE = 'integrity_constraint_violation';
END
$$;

CREATE TRIGGER ledger_journal_append_only BEFORE UPDATE OR DELETE ON ledger_journal
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON ledger_entry
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_journal_no_truncate BEFORE TRUNCATE ON ledger_journal
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_truncate();
CREATE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON ledger_entry
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_truncate();

CREATE CONSTRAINT TRIGGER ledger_entry_balanced AFTER INSERT ON ledger_entry
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_journal_balanced();
CREATE CONSTRAINT TRIGGER ledger_journal_balanced AFTER INSERT ON ledger_journal
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_journal_balanced();

CREATE TRIGGER ledger_account_identity_fixed BEFORE UPDATE ON ledger_account FOR EACH ROW
    WHEN (OLD.club_id IS DISTINCT FROM NEW.club_id OR OLD.kind IS DISTINCT FROM NEW.kind
          OR OLD.member_id IS DISTINCT FROM NEW.member_id OR OLD.table_id IS DISTINCT FROM NEW.table_id)
    EXECUTE FUNCTION ledger_refuse_account_identity_change();
"""

BACKWARD = r"""
DROP TRIGGER IF EXISTS ledger_account_identity_fixed ON ledger_account;
DROP TRIGGER IF EXISTS ledger_journal_balanced ON ledger_journal;
DROP TRIGGER IF EXISTS ledger_entry_balanced ON ledger_entry;
DROP TRIGGER IF EXISTS ledger_entry_no_truncate ON ledger_entry;
DROP TRIGGER IF EXISTS ledger_journal_no_truncate ON ledger_journal;
DROP TRIGGER IF EXISTS ledger_entry_append_only ON ledger_entry;
DROP TRIGGER IF EXISTS ledger_journal_append_only ON ledger_journal;
DROP FUNCTION IF EXISTS ledger_refuse_account_identity_change();
DROP FUNCTION IF EXISTS ledger_check_journal_balanced();
DROP FUNCTION IF EXISTS ledger_refuse_truncate();
DROP FUNCTION IF EXISTS ledger_refuse_change();
"""


def forward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FORWARD, params=None)


def backward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(BACKWARD, params=None)


class Migration(migrations.Migration):
    dependencies = [("ledger", "0001_initial")]

    operations = [migrations.RunPython(forward, backward, elidable=False)]
