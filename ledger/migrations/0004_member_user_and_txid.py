"""Closing three gaps in the ledger's database rules (PostgreSQL; SQLite gets the columns only).

- Entries only in the journal's own transaction. The balance trigger of 0002 checks a journal's sum
  at commit, so a *balanced* pair of entries added to a journal committed long ago, with balances
  moved to match, passed it and every reconciliation sum. Each journal now records the transaction
  that wrote it (``txid``, stamped by a trigger whatever the client sends) and a statement trigger on
  ``ledger_entry`` refuses any entry whose journal was written by another transaction. Journals older
  than this migration have no txid and accept no entry at all, which is what a committed journal
  should do.
- The TRUNCATE guard could be lifted by any session with ``SET ledger.allow_truncate = 'on'``. Now
  the switch works only for a role with the privileges of the table's owner (a superuser has them):
  a role that could drop the trigger anyway. pytest's flush runs as the owner, so tests still work.
  The application role (docs/deploy-database.md) owns nothing and has no TRUNCATE privilege at all.
- An account's member. ``ledger_account.member_id`` could not change, but the membership row it
  points to could: re-point Vera's membership to Boris and her chips read as his. Each account now
  records the membership's user when it is opened (``member_user``, written by a trigger from the
  membership row), the identity trigger keeps it fixed, a membership that holds accounts may no
  longer change its club or user, and reconciliation compares (``account_member``).

The account identity trigger is rebuilt from the table's columns as they are when this runs: every
column but ``balance`` is fixed (``created_at`` too), including columns another migration added
before this one, so the order in which migrations touching ``ledger_account`` run does not lose one.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import OuterRef, Subquery

FORWARD = r"""
CREATE FUNCTION ledger_journal_stamp_txid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.txid := txid_current();
    RETURN NEW;
END
$$;

CREATE TRIGGER ledger_journal_txid BEFORE INSERT ON ledger_journal
    FOR EACH ROW EXECUTE FUNCTION ledger_journal_stamp_txid();

CREATE FUNCTION ledger_refuse_entry_for_committed_journal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    jid bigint;
BEGIN
    SELECT j.id INTO jid FROM ledger_new_entries e JOIN ledger_journal j ON j.id = e.journal_id
        WHERE j.txid IS DISTINCT FROM txid_current() LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'ledger: journal % was written by another transaction: entries are added to a '
            'journal only in the transaction that created it', jid
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER ledger_entry_same_transaction AFTER INSERT ON ledger_entry
    REFERENCING NEW TABLE AS ledger_new_entries
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_entry_for_committed_journal();

CREATE OR REPLACE FUNCTION ledger_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- The switch is for the table's owner (Django's test flush runs as the owner): a role that could
    -- drop this trigger anyway. Any other role setting it changes nothing.
    IF coalesce(current_setting('ledger.allow_truncate', true), '') = 'on'
       AND pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = TG_RELID), 'USAGE') THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION 'ledger: TRUNCATE on % is refused: the books are append-only', TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation';
END
$$;

CREATE FUNCTION ledger_account_record_member_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.member_id IS NULL THEN
        NEW.member_user_id := NULL;
    ELSE
        SELECT user_id INTO NEW.member_user_id FROM club_membership WHERE id = NEW.member_id;
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER ledger_account_member_user BEFORE INSERT ON ledger_account
    FOR EACH ROW EXECUTE FUNCTION ledger_account_record_member_user();

CREATE FUNCTION ledger_refuse_membership_identity_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM ledger_account WHERE member_id = OLD.id) THEN
        RAISE EXCEPTION 'ledger: membership % holds chip accounts: its club and user never change', OLD.id
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER ledger_membership_identity_fixed BEFORE UPDATE ON club_membership FOR EACH ROW
    WHEN (OLD.club_id IS DISTINCT FROM NEW.club_id OR OLD.user_id IS DISTINCT FROM NEW.user_id)
    EXECUTE FUNCTION ledger_refuse_membership_identity_change();
"""

BACKWARD = r"""
DROP TRIGGER IF EXISTS ledger_membership_identity_fixed ON club_membership;
DROP FUNCTION IF EXISTS ledger_refuse_membership_identity_change();
DROP TRIGGER IF EXISTS ledger_account_member_user ON ledger_account;
DROP FUNCTION IF EXISTS ledger_account_record_member_user();
CREATE OR REPLACE FUNCTION ledger_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF coalesce(current_setting('ledger.allow_truncate', true), '') = 'on' THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION 'ledger: TRUNCATE on % is refused: the books are append-only', TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation';
END
$$;
DROP TRIGGER IF EXISTS ledger_entry_same_transaction ON ledger_entry;
DROP FUNCTION IF EXISTS ledger_refuse_entry_for_committed_journal();
DROP TRIGGER IF EXISTS ledger_journal_txid ON ledger_journal;
DROP FUNCTION IF EXISTS ledger_journal_stamp_txid();
"""


def record_member_users(apps, schema_editor):
    """Existing accounts: the membership's user today is the best record there is."""
    Account = apps.get_model("ledger", "Account")
    Membership = apps.get_model("club", "Membership")
    Account.objects.filter(member__isnull=False).update(
        member_user_id=Subquery(Membership.objects.filter(pk=OuterRef("member_id")).values("user_id")[:1])
    )


def _identity_trigger(schema_editor, *, without: tuple[str, ...]) -> None:
    """(Re)create the trigger that lets an UPDATE of an account change nothing but its balance (and
    the columns in ``without``)."""
    quote = schema_editor.connection.ops.quote_name
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = 'ledger_account'"
            " ORDER BY ordinal_position"
        )
        columns = [row[0] for row in cursor.fetchall() if row[0] not in ("balance", *without)]
    changed = " OR ".join(f"OLD.{quote(c)} IS DISTINCT FROM NEW.{quote(c)}" for c in columns)
    schema_editor.execute(
        "DROP TRIGGER IF EXISTS ledger_account_identity_fixed ON ledger_account;"
        " CREATE TRIGGER ledger_account_identity_fixed BEFORE UPDATE ON ledger_account FOR EACH ROW"
        f" WHEN ({changed}) EXECUTE FUNCTION ledger_refuse_account_identity_change();",
        params=None,
    )


def forward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FORWARD, params=None)
        _identity_trigger(schema_editor, without=())


def backward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(BACKWARD, params=None)
        _identity_trigger(schema_editor, without=("member_user_id", "id", "created_at"))


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0001_initial"),
        ("ledger", "0003_bot_seats_settle"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="account",
            name="member_user",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="member's user when opened",
            ),
        ),
        migrations.AddField(
            model_name="journal",
            name="txid",
            field=models.BigIntegerField(blank=True, editable=False, null=True, verbose_name="transaction"),
        ),
        migrations.RunPython(record_member_users, migrations.RunPython.noop, elidable=False),
        migrations.AddConstraint(
            model_name="account",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("member__isnull", True), ("member_user__isnull", True)),
                    models.Q(("member__isnull", False), ("member_user__isnull", False)),
                    _connector="OR",
                ),
                name="ledger_account_member_user_recorded",
            ),
        ),
        migrations.RunPython(forward, backward, elidable=False),
    ]
