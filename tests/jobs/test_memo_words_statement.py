"""A journal's memo in the manager's words wherever the books show it (review 13). The journals list
told a deal's booking trail in words, but an account's statement (the admin's, and the member's
own) showed it as the machine wrote it ("ante 5 stack:0→bank"); and the memo of a table's bank
closed by the clock (the session's end, run by a worker with no reader) was stored in the site's
default language, so a Russian or Bulgarian manager read "Bank of table “…”: the session ended"."""

from __future__ import annotations

from datetime import timedelta

from django.test import Client
from django.utils import timezone, translation

from club.models import AuditLog
from games.services.schedule import session_end
from ledger.models import Account, Journal
from ledger.selectors import account_statement
from ledger.services import account_treasury, journal_post

from .conftest import sit_all


def _ru_admin(user) -> Client:
    user.preferred_language = "ru"
    user.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_statements_tell_deal_trails_and_the_clocks_bank_memos_in_words(
    make_table, players, owner, play_deals
) -> None:
    table = make_table(ends_at=timezone.now() + timedelta(hours=1))
    sit_all(table, players[:3])
    play_deals(table, players[:3], 2)
    bank = Account.objects.get(kind=Account.Kind.BANK, table=table)
    if not Account.objects.get(pk=bank.pk).balance:  # a bank carried over from the last deal
        journal_post(
            club=table.club,
            kind=Journal.Kind.ADJUSTMENT,
            lines=[(account_treasury(club=table.club), -30), (bank, 30)],
            idempotency_key=f"test:carried:{table.pk}",
        )
    assert session_end(session_id=table.pk, now=timezone.now() + timedelta(hours=2))  # the clock
    closed = Journal.objects.get(kind=Journal.Kind.BANK_CLOSE, club=table.club)

    client = _ru_admin(owner)
    stack = Account.objects.filter(kind=Account.Kind.STACK, table=table).first()
    for account in (stack, bank):
        html = client.get(f"/admin/ledger/account/{account.pk}/statement/").content.decode()
        assert "→bank" not in html and "stack:" not in html and "hold:" not in html, html
        assert "Bank of table" not in html and "session ended" not in html
    assert "Банк стола" in client.get(f"/admin/ledger/account/{bank.pk}/statement/").content.decode()
    journals = client.get("/admin/ledger/journal/").content.decode()
    assert "Bank of table" not in journals and "session ended" not in journals
    audit = AuditLog.objects.get(action="chips.bank_closed", club=table.club)
    assert audit.data["reason"] == "the session ended"  # stored in English, whoever closed it
    with translation.override("ru"):
        assert "сессия закончилась" in audit.details_text
    with translation.override("bg"):
        line = next(x for x in account_statement(account=bank, limit=50).lines if x.journal_id == closed.pk)
        assert "Банката на маса" in line.memo, line.memo
        assert "Bank of table" not in line.memo
