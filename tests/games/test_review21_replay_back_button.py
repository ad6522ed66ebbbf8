"""Review 21: stepping through a replay pushes each step's address (``hx-push-url``); going back
more steps than htmx's history cache holds (ten) makes htmx ask the server for the page again, with
HX-Request and HX-History-Restore-Request, and put the answer in place of the whole page. The
replay answered any htmx request with its frame alone: the page lost the site's header, its menu and
the link back to the deal. Nor did the answers say they vary with HX-Request, so the browser's own
cache could answer the back button with a frame too."""

from __future__ import annotations

from django.test import Client

from .conftest import play_deal_as_people, sit_all, start_deal

FRAGMENT = {"HTTP_HX_REQUEST": "true"}
RESTORE = {"HTTP_HX_REQUEST": "true", "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"}


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _whole_page(html: str) -> bool:
    return "<html" in html and "site-footer" in html and 'id="replay-frame"' in html


def test_a_replay_step_restored_by_the_back_button_is_the_whole_page(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    client = _client(players[0])
    url = f"/deals/{deal.pk}/replay/?step=3"

    fragment = client.get(url, **FRAGMENT)
    assert not _whole_page(fragment.content.decode())  # a click on a step: the frame alone
    assert 'id="replay-frame"' in fragment.content.decode()

    restored = client.get(url, **RESTORE)
    assert restored.status_code == 200
    html = restored.content.decode()
    assert _whole_page(html)
    assert f'href="/deals/{deal.pk}/"' in html  # the link back to the deal
    assert "Move 3 of" in html

    for response in (fragment, restored, client.get(url)):
        vary = {v.strip().lower() for v in response.get("Vary", "").split(",")}
        assert "hx-request" in vary


def test_a_history_page_restored_by_the_back_button_is_the_whole_page(make_table, players):
    table = make_table()
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    client = _client(players[0])
    url = f"/clubs/{table.club.slug}/deals/?page=1"
    assert "<html" not in client.get(url, **FRAGMENT).content.decode()
    restored = client.get(url, **RESTORE).content.decode()
    assert "<html" in restored and "site-footer" in restored
    vary = {v.strip().lower() for v in client.get(url).get("Vary", "").split(",")}
    assert "hx-request" in vary
