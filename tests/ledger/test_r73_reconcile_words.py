"""Review 73: what a club's managers read when the nightly ledger check finds something off.

The club page's "Recent activity" said "Check run: 1; Differences: 2" and nothing more; the run itself
is for the site's operators only, so a manager could not tell whose chips, how many, or what to ask
about. Each difference is now said in words: whose account, what is on record, what the entries say.
"""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test import Client
from django.utils import translation

from club.models import AuditLog, Club
from ledger.services import chips_grant
from ledger.tasks import ledger_reconcile

pytestmark = pytest.mark.django_db


def _audit_cell(client: Client, club: Club) -> str:
    html = client.get(f"/clubs/{club.slug}/").content.decode()
    start = html.index('title="ledger.reconcile_failed"')
    return html[start : html.index("</tr>", start)]


def test_the_manager_reads_whose_balance_is_off_and_by_how_much(club: Club, owner, member_factory) -> None:
    member = member_factory()
    chips_grant(membership=member, amount=10, actor=owner, reason="x")
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE ledger_account SET balance = 15 WHERE kind = 'wallet' AND member_id = %s", [member.pk]
        )
    ledger_reconcile()
    client = Client()
    client.force_login(owner)
    cell = _audit_cell(client, club)
    assert f"@{member.user.username}" in cell
    assert "15 chips on record, 10 by its entries" in cell
    assert "the club&#x27;s chips add up to 5, not 0" in cell
    with translation.override("ru"):
        log = AuditLog.objects.get(action="ledger.reconcile_failed", club=club)
        words = log.details_text
    assert f"@{member.user.username}" in words and "15" in words and "chips on record" not in words


def _triggers_off(cursor) -> None:
    """Until the tamperer's commit (PostgreSQL; SQLite, the embedded default, has no such trigger)."""
    if connection.vendor == "postgresql":
        cursor.execute("SET LOCAL session_replication_role = replica")


def test_a_journal_that_does_not_balance_is_named(club: Club, owner, member_factory) -> None:
    member = member_factory()
    grant = chips_grant(membership=member, amount=10, actor=owner, reason="x")
    # The balance check is a deferred trigger: the tamperer keeps the triggers off until his commit.
    with transaction.atomic(), connection.cursor() as cursor:
        _triggers_off(cursor)
        cursor.execute(
            "UPDATE ledger_entry SET amount = amount + 1 WHERE journal_id = %s AND amount > 0", [grant.pk]
        )
    ledger_reconcile()
    log = AuditLog.objects.get(action="ledger.reconcile_failed", club=club)
    words = log.details_text
    assert f"journal #{grant.pk}" in words and "add up to 1" in words
    assert "{" not in words  # no raw data for the manager to decode
    # Put right again: the test's transaction checks its deferred constraints at its end.
    with transaction.atomic(), connection.cursor() as cursor:
        _triggers_off(cursor)
        cursor.execute(
            "UPDATE ledger_entry SET amount = amount - 1 WHERE journal_id = %s AND amount > 0", [grant.pk]
        )


def test_a_long_report_is_cut_with_the_count_of_the_rest(club: Club, owner, member_factory) -> None:
    members = [member_factory() for _ in range(14)]
    for member in members:
        chips_grant(membership=member, amount=10, actor=owner, reason="x")
    with connection.cursor() as cursor:
        cursor.execute("UPDATE ledger_account SET balance = 11 WHERE kind = 'wallet'")
    ledger_reconcile()
    words = AuditLog.objects.get(action="ledger.reconcile_failed", club=club).details_text
    assert "Differences: 15" in words
    assert "and 5 more" in words


def test_a_club_with_more_differences_than_its_log_row_keeps_is_told_them_all(
    club: Club, owner, member_factory, monkeypatch
) -> None:
    """Review 76's note: the row kept 100 differences and said "100 — …" of a run that found more."""
    from ledger.services import reconcile

    monkeypatch.setattr(reconcile, "DIFFERENCES_KEPT", 2)
    members = [member_factory() for _ in range(4)]
    for member in members:
        chips_grant(membership=member, amount=10, actor=owner, reason="x")
    with connection.cursor() as cursor:
        for member in members:
            cursor.execute(
                "UPDATE ledger_account SET balance = 15 WHERE kind = 'wallet' AND member_id = %s", [member.pk]
            )
    ledger_reconcile()
    log = AuditLog.objects.get(action="ledger.reconcile_failed", club=club)
    kept = log.data["differences"]
    assert len(kept) == 3 and kept[-1]["check"] == "more"
    found = kept[-1]["count"] + 2
    words = log.details_text
    assert f"{found} — " in words and f"and {found - 2} more" in words, words
