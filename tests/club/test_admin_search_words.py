"""An admin search of many words: each word adds a condition over every search field and its joins,
so a search of a thousand words (six kilobytes of address) kept the database busy for most of a
minute, and any registered user can own a club and reach these lists. Past a few words the list is
empty and says why; the autocomplete answers an empty list too."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.admin_site import MAX_SEARCH_WORDS

from .conftest import client_for

pytestmark = pytest.mark.django_db

MANY = " ".join(f"w{i}" for i in range(200))


def _searches(queries: CaptureQueriesContext) -> int:
    """The most LIKE conditions any one query of the page held."""
    return max((q["sql"].upper().count(" LIKE ") for q in queries.captured_queries), default=0)


@pytest.mark.parametrize(
    "name",
    ["admin:ledger_account_changelist", "admin:club_membership_changelist", "admin:club_auditlog_changelist"],
)
def test_a_search_of_many_words_is_not_run(name, club, owner) -> None:
    client = client_for(owner)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse(name), {"q": MANY})
    assert response.status_code == 200
    assert _searches(queries) < 50
    assert f"at most {MAX_SEARCH_WORDS} words" in response.content.decode()


def test_a_search_of_a_few_words_still_finds(club, owner, member) -> None:
    words = " ".join([member.username] * MAX_SEARCH_WORDS)
    response = client_for(owner).get(reverse("admin:club_membership_changelist"), {"q": words})
    assert response.context["cl"].result_count == 1
    assert "words" not in " ".join(str(message) for message in response.context["messages"])


def test_the_autocomplete_answers_an_empty_list(club, owner) -> None:
    with CaptureQueriesContext(connection) as queries:
        response = client_for(owner).get(
            reverse("admin:autocomplete"),
            {"app_label": "ledger", "model_name": "adjustment", "field_name": "member", "term": MANY},
        )
    assert response.status_code == 200
    assert response.json()["results"] == []
    assert _searches(queries) < 50


def test_every_admin_keeps_the_limit() -> None:
    """The limit lives in the site's base class, which every registered admin gets."""
    from club.admin_site import OddQueryValuesAdmin

    assert all(isinstance(model_admin, OddQueryValuesAdmin) for model_admin in admin.site._registry.values())
