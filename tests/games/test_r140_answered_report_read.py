"""An answered report's page showed an empty "Answer" form and nothing of the answer: a second
manager who opened it (or whose own answer was refused as "Another manager has already answered")
could not read what the reporter had been told, and the list offered no way to it either."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Membership
from games.models import Report
from games.services.reports import report_create, report_resolve

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.fixture
def report(make_table, players) -> Report:
    table = make_table()
    sit_all(table, players)
    played = play_deal_as_people(start_deal(table), players)
    return report_create(deal_id=played.pk, user=players[0], reason="cheating", comment="odd plays")


def _manager(club, user) -> Client:
    Membership.objects.filter(club=club, user=user).update(role=Membership.Role.MANAGER)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_another_manager_reads_the_answer(report, owner, players, club) -> None:
    report_resolve(report_id=report.pk, actor=owner, note="Played fairly, looked at it", outcome="nothing")
    second = _manager(club, players[3])
    listed = second.get(f"/clubs/{club.slug}/reports/").content.decode()
    assert f"/reports/{report.pk}/" in listed
    page = second.get(f"/reports/{report.pk}/")
    text = page.content.decode()
    assert page.status_code == 200
    assert "Played fairly, looked at it" in text
    assert "Olga" in text
    assert "Answer the report" not in text


def test_an_answer_refused_as_late_shows_the_one_given(report, owner, players, club) -> None:
    second = _manager(club, players[3])
    report_resolve(report_id=report.pk, actor=owner, note="Played fairly, looked at it", outcome="nothing")
    page = second.post(f"/reports/{report.pk}/", {"note": "mine", "outcome": "nothing"})
    text = page.content.decode()
    assert page.status_code == 422
    assert "Another manager has already answered this report." in text
    assert "Played fairly, looked at it" in text
    assert "Answer the report" not in text
