"""The admin's search field was labelled by an icon whose text is "Search" in every language (Django's
own template writes it in English): a Russian or Bulgarian manager's screen reader said "Search"."""

from __future__ import annotations

import pytest

from .conftest import logged_in

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "label"), [("ru", "Поиск"), ("bg", "Търсене")])
def test_the_admins_search_field_is_labelled_in_the_managers_language(club, owner, language, label):
    client = logged_in(owner)
    client.cookies["django_language"] = language
    page = client.get("/admin/club/membership/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert 'id="searchbar"' in page
    assert 'alt="Search"' not in page
    assert f'alt="{label}"' in page
