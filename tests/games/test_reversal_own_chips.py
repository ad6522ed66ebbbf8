"""A manager does not move back a deal's journal that moves his own chips (outside review).

Any grant to oneself waits for a second manager; a reversal did not. A manager who lost a deal
reported it himself and answered his own report by moving the settlement back: his stake came back
to him out of the winner's stack and the bank, and no other manager saw it first. A journal that
moved the manager's own chips is now for another manager to move back."""

from __future__ import annotations

import pytest

from club import services as club_services
from club.models import Membership
from games.models import Report
from games.services.errors import TableError
from games.services.reports import report_create, report_resolve
from ledger.models import Account, Journal
from ledger.services.reconcile import ledger_verify

from .test_reversal_holds import _own, settled  # noqa: F401  (the fixture)


def _a_loser(journal: Journal) -> Membership:
    members = {
        e.account.member for e in journal.entries.select_related("account__member") if e.account.member
    }
    return min(members, key=lambda m: _own(journal, m))  # whoever the journal cost most


@pytest.mark.django_db
def test_a_manager_cannot_move_back_a_journal_of_his_own_chips(settled, players, owner):  # noqa: F811
    table, settle = settled
    loser = _a_loser(settle)
    club_services.membership_set_role(membership=loser, actor=owner, role=Membership.Role.MANAGER)
    balances = dict(Account.objects.filter(club=table.club).values_list("pk", "balance"))
    report = report_create(deal_id=settle.deal_id, user=loser.user, reason="bug")
    with pytest.raises(TableError) as caught:
        report_resolve(
            report_id=report.pk, actor=loser.user, note="mine back", outcome="reverse", journal=settle
        )
    assert caught.value.code == "reverse_own"
    assert "second manager" in str(caught.value.message)
    assert not Journal.objects.filter(reversal_of=settle).exists()
    assert dict(Account.objects.filter(club=table.club).values_list("pk", "balance")) == balances
    assert Report.objects.get(pk=report.pk).status == Report.Status.OPEN
    # Another manager (the owner, who did not play) may.
    report_resolve(report_id=report.pk, actor=owner, note="moved back", outcome="reverse", journal=settle)
    assert Journal.objects.filter(reversal_of=settle).exists()
    assert ledger_verify()[0] == []


@pytest.mark.django_db
def test_a_manager_may_still_warn_about_a_deal_he_played(settled, players, owner):  # noqa: F811
    table, settle = settled
    loser = _a_loser(settle)
    club_services.membership_set_role(membership=loser, actor=owner, role=Membership.Role.MANAGER)
    other = next(m for m in Membership.objects.filter(club=table.club, user__in=players) if m.pk != loser.pk)
    report = report_create(deal_id=settle.deal_id, user=other.user, reason="bug")
    report_resolve(report_id=report.pk, actor=loser.user, note="noted", outcome="warn", member=other)
    assert Report.objects.get(pk=report.pk).status == Report.Status.RESOLVED
