"""Review 55: a member who reported a deal and sent the form again (a browser retry, the deal page
open in a second tab) read, in red, "You have already reported this deal" below the thanks of the
first: as if reporting had failed. The report stands; the second is told so as news, not as an
error, and no second report is made."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from games.models import Report

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(make_table, players):
    table = make_table()
    sit_all(table, players)
    return play_deal_as_people(start_deal(table), players)


def test_the_report_form_sent_twice_is_told_done(played, players):
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    form = {"reason": "cheating", "comment": "odd plays"}
    assert client.post(f"/deals/{played.pk}/report/", form).status_code == 302
    again = client.post(f"/deals/{played.pk}/report/", form)
    assert again.status_code == 302
    said = [(m.level_tag, str(m)) for m in get_messages(again.wsgi_request)]
    assert said[-1] == ("info", "You have already reported this deal; the managers will answer."), said
    assert not [text for tag, text in said if tag == "error"]
    assert Report.objects.filter(deal=played).count() == 1
