"""Opening a practice table and leaving it at once, in a loop, had no end: each round wrote a table,
four seats, eight journals of treasury chips (never deleted) and six lines of the club's log, so one
member's script wrote 160 journals a minute and buried the log the managers read. A person may now
open ``PRACTICE_TABLES_PER_USER_PER_DAY`` practice tables a day, over all his clubs; the one he has
open is still given back, and he is told why in his language."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone, translation

from games.models import TableSession

pytestmark = pytest.mark.django_db

LIMIT = 3


@pytest.fixture(autouse=True)
def _small_limit(settings) -> None:
    settings.PRACTICE_TABLES_PER_USER_PER_DAY = LIMIT


def _client(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _open_and_leave(client: Client, club, user) -> tuple[int, list[str]]:
    """One round of the loop: open a practice table, leave it (it closes). The table's id and what
    the opening said."""
    response = client.post(f"/clubs/{club.slug}/tables/practice/", {"preset": "classic"})
    told = [str(m) for m in get_messages(response.wsgi_request)]
    table = TableSession.objects.filter(created_by=user, practice=True).order_by("-pk").first()
    if table is not None and table.status != TableSession.Status.FINISHED:
        client.post(f"/tables/{table.pk}/leave/", follow=True)  # its page shows (and spends) the words
    return TableSession.objects.filter(created_by=user, practice=True).count(), told


def test_opening_and_leaving_in_a_loop_stops_at_the_limit(club, players):
    user = players[0]
    client = _client(user)
    for _round in range(LIMIT + 4):
        opened, told = _open_and_leave(client, club, user)
    assert opened == LIMIT
    assert set(told) == {
        f"You have opened {LIMIT} practice tables in the last day, as many as one player may: "
        "you may open another tomorrow."
    }


def test_the_open_table_is_still_given_back(club, players):
    user = players[1]
    client = _client(user)
    for _round in range(LIMIT):
        _open_and_leave(client, club, user)
    # At the limit with a table still open (a script left one, or a second tab): it comes back.
    TableSession.objects.filter(created_by=user).update(created_at=timezone.now() - timedelta(hours=1))
    kept = TableSession.objects.filter(created_by=user).order_by("-pk").first()
    TableSession.objects.filter(pk=kept.pk).update(status=TableSession.Status.OPEN)
    response = client.post(f"/clubs/{club.slug}/tables/practice/", {"preset": "classic"})
    assert response.status_code == 302 and response["Location"] == f"/tables/{kept.pk}/"


def test_a_day_later_he_may_open_again(club, players):
    user = players[2]
    client = _client(user)
    for _round in range(LIMIT):
        _open_and_leave(client, club, user)
    day_ago = timezone.now() - timedelta(days=1, minutes=1)
    TableSession.objects.filter(created_by=user).update(created_at=day_ago)
    opened, told = _open_and_leave(client, club, user)
    assert opened == LIMIT + 1 and not told


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_he_is_told_in_his_language(club, players, language):
    user = players[3]
    client = _client(user, language)
    for _round in range(LIMIT + 1):
        _opened, told = _open_and_leave(client, club, user)
    english = (
        "You have opened %(limit)s practice tables in the last day, as many as one player may: you may "
        "open another tomorrow."
    )
    with translation.override(language):
        said = translation.gettext(english) % {"limit": LIMIT}
    assert said != english % {"limit": LIMIT} and told == [said]
