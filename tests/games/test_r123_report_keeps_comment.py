"""A refused report (a comment holding a character the site refuses, a reason that is no choice of
the list) sent the player back to the deal's page with its report form empty: the comment he had
written was lost (review 123). The page shown again holds his comment and his reason, and says what
was wrong."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Report

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db

COMMENT = "Dasha and Ivan kept looking at each other before every trick"


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def played(make_table, players):
    table = make_table()
    sit_all(table, players)
    return play_deal_as_people(start_deal(table), players)


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _report_form(page: str) -> str:
    start = page.index('class="report-form"')
    return page[start : page.index("</form>", start)]


def test_a_comment_refused_for_an_invisible_character_is_kept(played, players):
    # A zero-width space: a joined emoji (review 124) is accepted in a comment now.
    comment = f"{COMMENT} a\u200bb"
    response = _client(players[0]).post(
        f"/deals/{played.pk}/report/", {"reason": "abuse", "comment": comment}
    )
    assert response.status_code == 200
    form = _report_form(response.content.decode())
    assert COMMENT in form, form
    assert '<option value="abuse" selected>' in form, form
    assert "invisible characters" in form  # what was wrong, beside the field
    assert not Report.objects.filter(deal=played).exists()


def test_a_reason_not_of_the_list_keeps_the_comment(played, players):
    response = _client(players[0]).post(
        f"/deals/{played.pk}/report/", {"reason": "boredom", "comment": COMMENT}
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert COMMENT in _report_form(page)
    assert "Select a valid choice" in _report_form(page)  # beside the field, and only there (review 129)
    assert page.count("Select a valid choice") == 1
    assert not Report.objects.filter(deal=played).exists()


def test_a_report_filed_goes_back_to_the_deal_page(played, players):
    response = _client(players[0]).post(
        f"/deals/{played.pk}/report/", {"reason": "cheating", "comment": COMMENT}
    )
    assert response.status_code == 302
    assert Report.objects.filter(deal=played, comment=COMMENT).exists()
