"""Review 122: a player who reported a deal with a comment holding an emoji joined of several
("🤦‍♂️": a zero-width joiner inside), or another character the site refuses in typed text, read "Choose
a reason from the list; a comment is at most 1,000 characters." of a reason chosen from the list and
a comment of twenty characters: the report was not filed and he could not tell why. He is told the
comment's own fault, in his language, as the chips request's note is (a reason that is no choice of
the list is still told to choose one). Review 129: told once, beside the field, where his comment is
kept (a flash message above said it a second time)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from games.models import Report

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def played(make_table, players):
    table = make_table()
    sit_all(table, players)
    return play_deal_as_people(start_deal(table), players)


def _report(user, deal, form: dict[str, str], language: str = "en") -> str:
    """The page the refused report comes back to; no flash message says it again (review 129)."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(f"/deals/{deal.pk}/report/", form)
    assert response.status_code == 200  # refused: the page again, holding the form (review 123)
    assert [str(m) for m in get_messages(response.wsgi_request)] == []
    return response.content.decode()


def _beside_the_form(page: str) -> str:
    start = page.index('class="report-form"')
    return page[start : page.index("</form>", start)]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "This text holds invisible characters"),
        ("ru", "В тексте есть невидимые символы"),
        ("bg", "Текстът съдържа невидими знаци"),
    ],
)
def test_a_comment_with_an_invisible_character_is_told_its_fault(played, players, language, words):
    # A joined emoji ("🤦‍♂️") is filed since review 124; a zero-width space is still refused.
    page = _report(players[0], played, {"reason": "cheating", "comment": "He saw my\u200bcards"}, language)
    assert page.count(words) == 1 and words in _beside_the_form(page), page
    assert "1,000" not in page and "1 000" not in page
    assert not Report.objects.filter(deal=played).exists()


def test_a_reason_not_of_the_list_is_still_told_to_choose_one(played, players):
    page = _report(players[1], played, {"reason": "fun", "comment": "odd plays"})
    assert page.count("Select a valid choice") == 1 and "Select a valid choice" in _beside_the_form(page)
