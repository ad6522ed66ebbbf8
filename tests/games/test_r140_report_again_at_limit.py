"""A member's last report of the day sent again (a double click, a second tab) is the report that
stands: he was told in red he had sent too many reports, as if it had not been filed."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from games.models import Report
from games.services import TableError
from games.services.reports import report_create

from .conftest import play_deal_as_people, sit_all, start_deal


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.mark.django_db
def test_the_last_report_of_the_day_sent_again_is_already_filed(make_table, players, settings):
    settings.REPORTS_PER_MEMBER_PER_DAY = 2
    table = make_table()
    sit_all(table, players)
    deals = [play_deal_as_people(start_deal(table), players) for _ in range(2)]
    for deal in deals:
        report_create(deal_id=deal.pk, user=players[1], reason=Report.Reason.CHEATING)
    with pytest.raises(TableError) as told:
        report_create(deal_id=deals[1].pk, user=players[1], reason=Report.Reason.CHEATING)
    assert told.value.code == "already_reported" and told.value.done

    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(players[1], backend="django.contrib.auth.backends.ModelBackend")
    form = {"reason": Report.Reason.CHEATING, "comment": "x"}
    response = client.post(f"/deals/{deals[1].pk}/report/", form)
    assert response.status_code == 302
    words = [str(m) for m in get_messages(response.wsgi_request)]
    assert any("already reported" in m for m in words), words
    assert not any("last day" in m for m in words), words
    assert Report.objects.filter(reporter__user=players[1]).count() == 2
