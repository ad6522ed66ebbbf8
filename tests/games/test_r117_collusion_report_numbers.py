"""Review 117: a manager who reports a collusion flag files a report whose comment lists the flag's
signals with their strengths. The collusion page shows a strength as the reader's language writes a
number ("2,35" in Russian and Bulgarian); the comment wrote it as Python does ("2.35"), in a Russian
or Bulgarian sentence. It is written in the manager's language now, as the page shows it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Membership
from games.models import CollusionFlag, Report

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.mark.parametrize(
    ("language", "shown"),
    [("ru", "2,35"), ("bg", "2,35"), ("en", "2.35")],
)
def test_the_signals_in_a_reported_flag_read_as_the_page_shows_them(
    club, owner, players, make_table, language, shown
):
    table = make_table()
    sit_all(table, players)
    played = play_deal_as_people(start_deal(table), players)
    one, two = (Membership.objects.get(club=club, user=u) for u in players[:2])
    flag = CollusionFlag.objects.create(
        club=club, first=one, second=two, score=9.5, signals={"pass": 2.35}, deals=[played.pk], deal_count=4
    )
    client = Client()
    client.cookies["django_language"] = language
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/clubs/{club.slug}/collusion/").content.decode()
    assert shown in page  # the page's own way of writing it
    assert client.post(f"/clubs/{club.slug}/collusion/{flag.pk}/report/").status_code == 302
    comment = Report.objects.get(deal=played).comment
    assert f" {shown})" in comment or f" {shown}," in comment, comment
