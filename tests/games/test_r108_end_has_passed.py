"""Review 108: an end already past was refused as "A table must end after it starts."

A manager opening a table now (no start typed: "Empty: now") with an end he meant for tonight but
typed on yesterday's date read "A table must end after it starts." — of a start he never typed. One who
typed a start a minute ago (taken, it means now) and an end between the two read the same of an end
after the start he typed. Found typing odd starts and ends into the "open a table" form as a manager.
An end that has passed is now said so, beside the end, in the manager's language; nothing is opened."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import TableSession

from .conftest import TABLE_FORM

WORDS = {
    "en": "That end has passed: choose an end still to come, or leave it empty.",
    "ru": "Это время окончания уже прошло: выберите время, которое ещё не наступило, "
    "или оставьте поле пустым.",
    "bg": "Този час на края вече мина: изберете час, който тепърва предстои, или оставете полето празно.",
}


def _typed(moment) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


def _post(client, owner, club, language: str, **fields):
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    return client.post(
        f"/clubs/{club.slug}/tables/new/", {**TABLE_FORM, **fields}, HTTP_ACCEPT_LANGUAGE=language
    )


@pytest.mark.parametrize("language", sorted(WORDS))
def test_an_end_past_with_no_start(client, owner, club, language: str) -> None:
    response = _post(client, owner, club, language, ends_at=_typed(timezone.now() - timedelta(hours=3)))
    assert response.status_code == 422
    said = re.search(r'id="id_ends_at_error"><li>(.*?)</li>', response.content.decode())
    assert said is not None
    assert said.group(1) == WORDS[language]
    assert not TableSession.objects.filter(club=club).exists()


def test_an_end_past_after_a_start_just_past(client, owner, club) -> None:
    now = timezone.now().replace(second=0, microsecond=0)
    response = _post(
        client,
        owner,
        club,
        "en",
        starts_at=_typed(now - timedelta(minutes=3)),
        ends_at=_typed(now - timedelta(minutes=1)),
    )
    assert response.status_code == 422
    assert WORDS["en"] in response.content.decode()
    assert not TableSession.objects.filter(club=club).exists()


def test_an_end_before_a_start_to_come_is_still_said_so(client, owner, club) -> None:
    start = timezone.now() + timedelta(days=2)
    response = _post(
        client, owner, club, "en", starts_at=_typed(start), ends_at=_typed(start - timedelta(hours=1))
    )
    assert response.status_code == 422
    assert "A table must end after it starts." in response.content.decode()
