"""Review 55: the same request twice at once, on two real PostgreSQL connections (a double click
that got past the page, two tabs): it is done once, and the other copy is told it is done."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club import services as club_services
from club.errors import ServiceError
from club.models import AuditLog, Membership
from games.models import CollusionFlag, Report
from games.services.collusion import collusion_decide
from games.services.reports import report_create, report_resolve
from ledger.models import ChipRequest, Journal
from ledger.services import ledger_verify
from ledger.services.adjustments import chips_request

from .conftest import play_deal_as_people, sit_all, start_deal
from .races import race as _race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _one_done(results: list[object]) -> None:
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(refused) == 1 and refused[0].done, [getattr(r, "message", r) for r in results]


@pytest.fixture
def played(make_table, players):
    table = make_table()
    sit_all(table, players)
    return play_deal_as_people(start_deal(table), players)


def test_a_report_answered_with_a_move_back_twice_at_once(played, players, owner):
    report = report_create(deal_id=played.pk, user=players[0], reason="bug")
    journal = Journal.objects.filter(deal=played).order_by("-id").first()

    def answer():
        return report_resolve(
            report_id=report.pk, actor=owner, note="moved back", outcome="reverse", journal=journal
        )

    _one_done(_race(answer, answer))
    assert Journal.objects.filter(reversal_of=journal).count() == 1
    assert AuditLog.objects.filter(action="report.resolved").count() == 1
    assert ledger_verify()[0] == []


def test_a_flag_reported_twice_at_once(played, club, owner, players):
    first, second = (Membership.objects.get(club=club, user=u) for u in players[:2])
    flag = CollusionFlag.objects.create(
        club=club, first=first, second=second, score=9.0, signals={"pass": 3}, deals=[played.pk], deal_count=4
    )
    _one_done(_race(*[lambda: collusion_decide(flag_id=flag.pk, actor=owner, decision="report")] * 2))
    assert Report.objects.filter(deal=played).count() == 1


def test_the_same_suspension_twice_at_once(club, owner, players):
    target = Membership.objects.get(club=club, user=players[1])
    until = timezone.now() + timedelta(days=2)

    def suspend():
        return club_services.membership_suspend(membership=target, actor=owner, reason="rude", until=until)

    _one_done(_race(suspend, suspend))
    assert AuditLog.objects.filter(action="membership.suspended").count() == 1


def test_the_same_chips_asked_for_twice_at_once(club, players):
    member = Membership.objects.get(club=club, user=players[2])
    _one_done(_race(*[lambda: chips_request(member=member, amount=40, note="please")] * 2))
    assert ChipRequest.objects.filter(member=member).count() == 1


def test_one_journal_moved_back_by_two_reports_at_once(played, players, owner, club, make_user):
    colleague = make_user("colleague")
    Membership.objects.create(club=club, user=colleague, role=Membership.Role.MANAGER)
    one = report_create(deal_id=played.pk, user=players[0], reason="bug")
    two = report_create(deal_id=played.pk, user=players[1], reason="bug")
    journal = Journal.objects.filter(deal=played).order_by("-id").first()

    def answer(report, actor):
        return lambda: report_resolve(
            report_id=report.pk, actor=actor, note="moved back", outcome="reverse", journal=journal
        )

    results = _race(answer(one, owner), answer(two, colleague))
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(refused) == 1 and refused[0].code == "already_reversed", results
    assert Journal.objects.filter(reversal_of=journal).count() == 1
    assert ledger_verify()[0] == []
