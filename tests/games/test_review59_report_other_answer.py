"""Review 59: a manager who answered a report 'No action' and then, from a second tab, answered it
'Warning' to the player (or the other way round) read 'You have already answered this report.' as
news and was sent back to the list, as though the warning had been given: none was. Only the same
answer sent again is done; another one stays on the form with the refusal, in red."""

from __future__ import annotations

import pytest
from django.test import Client

from club.models import AuditLog, Membership
from games.models import Report
from games.services.errors import TableError
from games.services.reports import report_create, report_resolve

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def report(make_table, players) -> Report:
    table = make_table()
    sit_all(table, players)
    played = play_deal_as_people(start_deal(table), players)
    return report_create(deal_id=played.pk, user=players[0], reason="cheating", comment="odd plays")


def test_another_answer_after_his_own_is_a_refusal(report, owner, players, club) -> None:
    report_resolve(report_id=report.pk, actor=owner, note="fair", outcome="nothing")
    member = Membership.objects.get(club=club, user=players[1])
    with pytest.raises(TableError) as refused:
        report_resolve(report_id=report.pk, actor=owner, note="a warning", outcome="warn", member=member)
    assert refused.value.code == "report_answered" and not refused.value.done
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    page = client.post(
        f"/reports/{report.pk}/", {"note": "a warning", "outcome": "warn", "member": member.pk}
    )
    assert page.status_code == 422, page.status_code
    assert "You have already answered this report." in page.content.decode()
    assert AuditLog.objects.filter(action="report.resolved").count() == 1
    report.refresh_from_db()
    assert report.outcome == "nothing"
