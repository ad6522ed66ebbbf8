"""A deal list's page past the end is its last page, as Django's paginator answers any page out of
range, however many digits it has: ``?page=999999`` showed the oldest deals and ``?page=1000000``
(seven digits) the newest, as "Page 1", and ``?page=0000002`` (page 2 with leading zeros) page 1.
The replay's step was fixed so (review 21); the list's page was not."""

from __future__ import annotations

import pytest
from django.test import Client

from games import history

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def test_a_page_past_the_end_is_the_last_however_long(make_table, players, monkeypatch) -> None:
    monkeypatch.setattr(history, "PAGE_SIZE", 1)
    table = make_table()
    sit_all(table, players)
    first = play_deal_as_people(start_deal(table), players)
    second = play_deal_as_people(start_deal(table), players)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    url = f"/clubs/{table.club.slug}/deals/"

    def shown(page: str) -> tuple[bool, bool, bool]:
        html = client.get(url, {"page": page}).content.decode()
        return f"/deals/{first.pk}/" in html, f"/deals/{second.pk}/" in html, "Page 2 of 2" in html

    assert shown("1") == (False, True, False)
    for page in ("2", "3", "999999", "1000000", "99999999999999999999", "0000002", "02"):
        assert shown(page) == (True, False, True), page
    # Before the first, or not a number: the first page.
    for page in ("0", "-1", "abc", "١", "", "0000000"):
        assert shown(page) == (False, True, False), page
