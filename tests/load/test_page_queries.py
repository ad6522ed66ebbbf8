"""Queries per page stay the same as a club's data grows: more tables, more deals played, more
grants in a member's history, more members (no query per row)."""

from __future__ import annotations

import pytest
from django.test import Client

from games.management.commands._loadkit import pages_fixture

pytestmark = pytest.mark.django_db

#: The most queries each page may make (the session, the user and the page's own reads; the club page
#: also reads the member's open chip requests, the deal page his reports of the deal). The club page
#: counts its members from their list, the table page reads the membership once, and the deal page
#: reads its journals' entries with their accounts and people in one query.
MOST = {"lobby": 7, "club": 9, "my_chips": 7, "table": 10, "deal": 9}


def _queries(django_assert_max_num_queries, fixture: dict) -> dict[str, int]:
    client = Client()
    name, value = fixture["cookie"].split("=", 1)
    client.cookies[name] = value
    counts = {}
    for page, path in fixture["pages"].items():
        with django_assert_max_num_queries(MOST[page]) as captured:
            response = client.get(path)
        assert response.status_code == 200, (page, response.status_code)
        counts[page] = len(captured.captured_queries)
    return counts


def test_queries_per_page_do_not_grow_with_the_data(django_assert_max_num_queries):
    small = _queries(django_assert_max_num_queries, pages_fixture(tables=1, deals=1, grants=1))
    large = _queries(django_assert_max_num_queries, pages_fixture(tables=6, deals=4, grants=30))
    assert large == small
