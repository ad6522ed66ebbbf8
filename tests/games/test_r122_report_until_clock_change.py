"""Review 122: a manager answering a report with a suspension or a ban "until" the hour the clocks go
back (03:30 on 31 October 2027 in Sofia comes twice) was refused in Django's words ("couldn't be
interpreted in time zone Europe/Sofia; it may be ambiguous or it may not exist"), and one the clocks
skip (03:30 on 28 March 2027) likewise: the club page's ban and suspend forms read both as the table
forms do since review 83 (the first of the two; the skipped hour said so), the report page's did not.
It reads them the same way now."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Membership
from games.models import Report
from games.services.reports import report_create

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def report(make_table, players, owner):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    owner.time_zone = "Europe/Sofia"
    owner.save(update_fields=["time_zone"])
    return report_create(deal_id=deal.pk, user=players[0], reason="cheating", comment="odd plays")


def _answer(owner, report: Report, until: str, outcome: str, member: Membership):
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    return client.post(
        f"/reports/{report.pk}/",
        {"note": "seen", "outcome": outcome, "member": str(member.pk), "until": until},
    )


@pytest.mark.parametrize("outcome", ["suspend", "ban"])
def test_until_the_hour_that_comes_twice_is_its_first(report, owner, players, club, outcome):
    member = Membership.objects.get(club=club, user=players[1])
    response = _answer(owner, report, "2027-10-31T03:30", outcome, member)
    assert response.status_code == 302, re.findall(
        r"errorlist[^>]*>(.*?)</ul", response.content.decode(), re.S
    )
    member.refresh_from_db()
    until = member.suspended_until if outcome == "suspend" else member.ban_until
    # 03:30 summer time (UTC+3), the first of the two.
    assert until == datetime(2027, 10, 31, 0, 30, tzinfo=UTC)


def test_until_an_hour_the_clocks_skip_says_so(report, owner, players, club):
    member = Membership.objects.get(club=club, user=players[1])
    response = _answer(owner, report, "2027-03-28T03:30", "suspend", member)
    assert response.status_code == 422
    html = response.content.decode()
    assert "the clocks go forward that night" in html
    assert "may be ambiguous" not in html
    report.refresh_from_db()
    assert report.status == Report.Status.OPEN
