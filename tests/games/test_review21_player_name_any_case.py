"""Review 21: a username is the same in any case (one logs in as "VERA" for "vera"), but the deal
history's "Player (username)" filter and a player's page read it only as stored: "Vera" typed for
"vera" answered "No player has this username." with no deal, and /players/Vera/ a 404."""

from __future__ import annotations

from django.test import Client

from .conftest import play_deal_as_people, sit_all, start_deal


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_history_filter_and_player_page_take_the_username_in_any_case(make_table, players, make_user):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    vera = players[0]
    client = _client(players[1])
    url = f"/clubs/{table.club.slug}/deals/"
    for typed in (vera.username, vera.username.upper(), vera.username.capitalize()):
        page = client.get(url, {"player": typed}).content.decode()
        assert "No player has this username." not in page, typed
        assert f"/deals/{deal.pk}/" in page, typed
        player_page = client.get(f"/clubs/{table.club.slug}/players/{typed}/")
        assert player_page.status_code == 200, typed
        assert player_page.context["player"].user == vera
    # Someone else's name still lists none of her deals.
    stranger = make_user("nobody-here")
    page = client.get(url, {"player": stranger.username.upper()}).content.decode()
    assert f"/deals/{deal.pk}/" not in page
    assert client.get(f"/clubs/{table.club.slug}/players/NOBODY-HERE/").status_code == 404
    assert client.get(f"/clubs/{table.club.slug}/players/no-such-one/").status_code == 404
