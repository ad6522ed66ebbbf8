"""``deal_journal_lines``: the deal and report pages' journals read as the columns they show, the
same journals, entries, labels and people as the model objects gave."""

from __future__ import annotations

from django.utils import translation

from games.models import Deal
from ledger.selectors import DealJournal, DealLine, deal_journal_lines, deal_journals

from .conftest import play_deal_as_people, sit_all, start_deal


def _from_models(deal: Deal) -> list[DealJournal]:
    out = []
    for journal in deal_journals(deal=deal):
        lines = []
        for entry in journal.entries.all():
            account = entry.account
            if account.member_id:
                who = account.member.user.shown_name
            elif account.seat_id:
                who = account.seat.bot_name
            else:
                who = None
            lines.append(DealLine(str(account.get_kind_display()), who, entry.amount))
        out.append(DealJournal(journal.pk, str(journal.get_kind_display()), lines))
    return out


def test_the_lines_are_the_models_in_every_language(make_table, players) -> None:
    table = make_table()
    sit_all(table, players[:4])
    deal = play_deal_as_people(start_deal(table), players[:4])
    for language in ("en", "ru", "bg"):
        with translation.override(language):
            lines = deal_journal_lines(deal=deal)
            assert lines and all(journal.lines for journal in lines)
            assert lines == _from_models(deal)
            assert deal_journal_lines(deal=deal.pk) == lines
