"""Reports a member may file in a day: each asks the club's managers to look into a deal, and one
member could report every deal of the club (hundreds a night), burying the reports that matter.
``REPORTS_PER_MEMBER_PER_DAY`` of them; the next is refused with a clear message in the reader's
language, and reports sent at once are counted one after another."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from games.models import Report
from games.services import TableError
from games.services.reports import report_create
from tests.apart import run_apart

from .conftest import play_deal_as_people, sit_all, start_deal


def _deals(make_table, players, n: int):
    table = make_table()
    sit_all(table, players)
    return [play_deal_as_people(start_deal(table), players) for _ in range(n)]


@pytest.mark.django_db
def test_the_reports_of_a_day_are_limited(make_table, players, settings):
    settings.REPORTS_PER_MEMBER_PER_DAY = 2
    deals = _deals(make_table, players, 3)
    for deal in deals[:2]:
        report_create(deal_id=deal.pk, user=players[1], reason=Report.Reason.CHEATING)
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(players[1], backend="django.contrib.auth.backends.ModelBackend")
    form = {"reason": Report.Reason.CHEATING, "comment": "x"}
    response = client.post(f"/deals/{deals[2].pk}/report/", form)
    told = [str(m) for m in get_messages(response.wsgi_request)]
    assert any("жалоб" in m and "(2)" in m for m in told), told
    assert Report.objects.filter(reporter__user=players[1]).count() == 2
    # Another member's reports are his own.
    report_create(deal_id=deals[2].pk, user=players[2], reason=Report.Reason.CHEATING)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_reports_sent_at_once_are_counted_one_after_another(make_table, players, settings):
    settings.REPORTS_PER_MEMBER_PER_DAY = 1
    first, second = _deals(make_table, players, 2)
    results = run_apart(
        a=lambda: report_create(deal_id=first.pk, user=players[1], reason=Report.Reason.CHEATING),
        b=lambda: report_create(deal_id=second.pk, user=players[1], reason=Report.Reason.CHEATING),
    )
    refused = [r for r in results.values() if isinstance(r, TableError)]
    assert len(refused) == 1 and refused[0].code == "reports_limit", results
    assert Report.objects.filter(reporter__user=players[1]).count() == 1
