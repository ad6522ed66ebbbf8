"""Reports: a player reports a deal, a manager answers with an action, the reporter reads the answer."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club.models import AuditLog, Membership
from games.models import Report
from games.services import TableError
from games.services.reports import report_create, report_resolve
from ledger.models import Journal
from ledger.services import ledger_verify

from .conftest import play_deal_as_people, sit_all, start_deal


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.fixture
def played(make_table, players):
    table = make_table()
    sit_all(table, players)
    return play_deal_as_people(start_deal(table), players)


def test_a_player_reports_once_and_reads_the_answer(played, players, owner, club):
    page = _client(players[0]).post(
        f"/deals/{played.pk}/report/", {"reason": "cheating", "comment": "odd plays"}
    )
    assert page.status_code == 302
    report = Report.objects.get(deal=played)
    assert report.reporter.user == players[0] and report.status == Report.Status.OPEN
    with pytest.raises(TableError) as refused:
        report_create(deal_id=played.pk, user=players[0], reason="abuse")
    assert refused.value.code == "already_reported"
    with pytest.raises(TableError):
        report_create(deal_id=played.pk, user=players[1], reason="nonsense")
    mine = _client(players[0]).get(f"/deals/{played.pk}/").content.decode()
    assert "have not answered yet" in mine
    report_resolve(report_id=report.pk, actor=owner, note="We looked: all fair.", outcome="nothing")
    mine = _client(players[0]).get(f"/deals/{played.pk}/").content.decode()
    assert "We looked: all fair." in mine and "No action" in mine
    assert {"report.filed", "report.resolved"} <= set(AuditLog.objects.values_list("action", flat=True))


def test_managers_act_on_a_report(played, players, owner, club):
    # Moving chips back first: the players still sit with the stacks the deal gave them.
    report = report_create(deal_id=played.pk, user=players[0], reason="bug")
    journal = Journal.objects.filter(deal=played).order_by("-id").first()
    report_resolve(report_id=report.pk, actor=owner, note="moved back", outcome="reverse", journal=journal)
    assert Journal.objects.filter(reversal_of=journal).exists()
    assert ledger_verify()[0] == []
    member = Membership.objects.get(club=club, user=players[1])
    for outcome, extra in (
        ("warn", {"member": member}),
        ("suspend", {"member": member, "until": timezone.now() + timedelta(days=1)}),
        ("ban", {"member": Membership.objects.get(club=club, user=players[2])}),
    ):
        report = report_create(deal_id=played.pk, user=players[0], reason="cheating")
        report_resolve(report_id=report.pk, actor=owner, note=f"{outcome} given", outcome=outcome, **extra)
    assert AuditLog.objects.filter(action="membership.warned", target_user=players[1]).exists()
    member.refresh_from_db()
    assert member.is_suspended
    assert Membership.objects.get(club=club, user=players[2]).status == Membership.Status.BANNED


def test_a_report_is_answered_once_and_needs_a_note_and_its_target(played, players, owner, club, make_user):
    report = report_create(deal_id=played.pk, user=players[0], reason="abuse")
    for kwargs, code in (
        ({"note": " ", "outcome": "nothing"}, "note_needed"),
        ({"note": "x", "outcome": "warn"}, "pick_member"),
        (
            {"note": "x", "outcome": "suspend", "member": Membership.objects.get(club=club, user=players[1])},
            "pick_until",
        ),
        ({"note": "x", "outcome": "reverse"}, "pick_journal"),
        ({"note": "x", "outcome": "pardon"}, "bad_report"),
    ):
        with pytest.raises(TableError) as refused:
            report_resolve(report_id=report.pk, actor=owner, **kwargs)
        assert refused.value.code == code
    with pytest.raises(TableError) as refused:
        report_resolve(report_id=report.pk, actor=players[1], note="x", outcome="nothing")
    assert refused.value.code == "not_manager"
    report_resolve(report_id=report.pk, actor=owner, note="done", outcome="nothing")
    with pytest.raises(TableError) as refused:
        report_resolve(report_id=report.pk, actor=owner, note="again", outcome="nothing")
    assert refused.value.code == "report_answered"


def test_report_pages_are_for_the_clubs_managers(played, players, owner, club, make_user, make_club):
    report = report_create(deal_id=played.pk, user=players[0], reason="cheating", comment="look at trick 2")
    manager = _client(owner)
    listing = manager.get(f"/clubs/{club.slug}/reports/").content.decode()
    assert "look at trick 2" in listing and f"/reports/{report.pk}/" in listing
    review = manager.get(f"/reports/{report.pk}/")
    assert review.status_code == 200 and "Chips moved by this deal" in review.content.decode()
    answer = manager.post(f"/reports/{report.pk}/", {"note": "", "outcome": "nothing"})
    assert answer.status_code == 422
    answer = manager.post(f"/reports/{report.pk}/", {"note": "fine", "outcome": "nothing"})
    assert answer.status_code == 302
    stranger = make_user("stranger")
    make_club(stranger, "Stranger Club")
    for user in (players[1], stranger):
        assert _client(user).get(f"/clubs/{club.slug}/reports/").status_code == 404
        assert _client(user).get(f"/reports/{report.pk}/").status_code == 404
