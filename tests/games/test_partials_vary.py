"""Pages that answer htmx with a part of themselves at the same address (the history's next rows, a
replay's step, a game's how-to) say so with ``Vary: HX-Request``: without it a browser (or a
proxy) kept the part under the page's address and showed it bare on a back or a reload."""

from __future__ import annotations

import pytest
from django.test import Client

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _varies(client: Client, url: str) -> None:
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client.get(url, **headers)
        assert response.status_code == 200, (url, response.status_code)
        vary = [v.strip().lower() for v in response.get("Vary", "").split(",")]
        assert "hx-request" in vary, (url, headers, response.get("Vary"))


def test_pages_with_parts_vary_on_htmx(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    _varies(client, f"/clubs/{table.club.slug}/deals/?page=1")
    _varies(client, f"/deals/{deal.pk}/replay/?step=1")
    _varies(Client(), "/rules/classic/")


def test_the_back_button_past_htmx_history_gets_the_whole_page():
    """Past the ten pages htmx's history keeps, the back button asks the address again with
    HX-Request and HX-History-Restore-Request and puts the answer in place of the whole page: the
    how-to alone left the Rules page without the site's header."""
    response = Client().get("/rules/frap/", HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert response.status_code == 200
    assert "<header" in response.content.decode()
    part = Client().get("/rules/frap/", HTTP_HX_REQUEST="true")
    assert "<header" not in part.content.decode()
