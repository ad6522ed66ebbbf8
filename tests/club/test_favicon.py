"""Every page named no icon, so the browser asked for /favicon.ico and logged a 404 in the console of
every page of the site (review 11)."""

from __future__ import annotations

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


def test_pages_name_an_icon_that_exists_and_favicon_ico_leads_to_it(client) -> None:
    page = client.get("/accounts/login/").content.decode()
    assert '<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">' in page
    assert finders.find("img/favicon.svg")
    answer = client.get("/favicon.ico")
    assert answer.status_code == 302
    assert answer["Location"] == "/static/img/favicon.svg"
