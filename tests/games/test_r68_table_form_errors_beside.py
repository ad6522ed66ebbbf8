"""Review 68: the "Add table session" form (the admin's, and the club's "Open a table") said what the
rules refused at the top of the form, away from the field: "The number of seats must be a whole
number from 2 to 5." for a classic table of 8 seats, "That start has passed", "A table must end after
it starts", a rule change the rules do not know, a smallest buy-in under the stake. Each is now said
beside the field that holds it, and nothing is opened."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import TableSession

from .conftest import TABLE_FORM

pytestmark = pytest.mark.django_db

ADD = "/admin/games/tablesession/add/"
_EVENING = (timezone.localtime() + timedelta(days=20)).replace(hour=20, minute=0, second=0, microsecond=0)
FORM = {**TABLE_FORM, "overrides": "", "starts_at": _EVENING.strftime("%Y-%m-%dT%H:%M")}
_AN_HOUR_BEFORE = (_EVENING - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
_PAST = (timezone.localtime() - timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")

CASES = [
    ("seat_count", {"seat_count": "8"}, "from 2 to 5"),
    ("min_players", {"seat_count": "3", "min_players": "4"}, "from 2 to 3"),
    ("buy_in_min", {"stake": "50", "buy_in_min": "10"}, "from 50"),
    ("buy_in_max", {"buy_in_min": "300", "buy_in_max": "200"}, "from 300"),
    ("starts_at", {"starts_at": _PAST}, "has passed"),
    ("ends_at", {"ends_at": _AN_HOUR_BEFORE}, "end after it starts"),
    ("overrides", {"overrides": '{"no_such_rule": 1}'}, "not valid"),
    ("title", {"title": "Fri\u200bday"}, "invisible"),
]


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.mark.parametrize("field, values, words", CASES, ids=[case[0] for case in CASES])
def test_the_admin_says_it_beside_the_field(club, owner, field, values, words):
    response = _client(owner).post(ADD, {**FORM, "club": club.pk, **values})
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert list(errors) == [field], errors
    assert words in errors[field][0], errors
    assert not TableSession.objects.filter(club=club).exists()


@pytest.mark.parametrize("field, values, words", CASES, ids=[case[0] for case in CASES])
def test_the_club_page_says_it_beside_the_field(club, owner, field, values, words):
    response = _client(owner).post(f"/clubs/{club.slug}/tables/new/", {**FORM, **values})
    assert response.status_code == 422
    html = response.content.decode()
    beside = re.search(rf'<div class="field has-error">\s*<label for="id_{field}"', html)
    assert beside, html[html.find("<form") : html.find("</form>")][:3000]
    assert words in html
    assert not TableSession.objects.filter(club=club).exists()
