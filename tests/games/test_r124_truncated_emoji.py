"""Review 124: a text cut short on a page (a club's description on the home page, a report's comment
in the club's list of reports) was cut by Django's ``truncatechars``, which counts code points: it cut
"👩‍👩‍👧" after a joiner, "🇷🇺" into a letter in a box, "👍🏽" from its skin tone. The cut moves back
to the start of the emoji now."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone, translation

from club.confusables import truncate_whole
from games.models import Report

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db

FAMILY = "👩\u200d👩\u200d👧"


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.mark.parametrize(
    ("text", "length", "shown"),
    [
        (f"Hi {FAMILY}{FAMILY}", 6, "Hi …"),
        (f"Hi {FAMILY}{FAMILY}", 10, f"Hi {FAMILY}…"),
        ("Flags 🇷🇺🇧🇬🇷🇺", 8, "Flags …"),
        ("Flags 🇷🇺🇧🇬🇷🇺", 10, "Flags 🇷🇺…"),
        ("ok 👍🏽👍🏽👍🏽", 7, "ok 👍🏽…"),
        ("Call 1️⃣ now", 7, "Call …"),
        ("abcdefghijkl", 6, "abcde…"),
        ("short", 9, "short"),
    ],
)
def test_a_cut_keeps_emoji_whole(text, length, shown):
    with translation.override("en"):
        assert truncate_whole(text, length) == shown


def test_the_home_page_cuts_a_description_before_an_emoji(make_club, make_user):
    make_club(make_user("anya"), "Families", description="x" * 136 + f" {FAMILY} and friends, every night")
    page = _client(make_user("boris")).get("/").content.decode()
    assert "x" * 136 + " …" in page
    assert "\u200d…" not in page and "👩…" not in page


def test_the_reports_list_cuts_a_comment_before_an_emoji(make_table, players, owner, club):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    comment = "y" * 116 + f" {FAMILY} at the table"
    _client(players[0]).post(f"/deals/{deal.pk}/report/", {"reason": "cheating", "comment": comment})
    assert Report.objects.get(deal=deal).comment == comment
    page = _client(owner).get(f"/clubs/{club.slug}/reports/").content.decode()
    assert "y" * 116 + " …" in page
    assert "\u200d…" not in page and "👩…" not in page
