"""A history filter that names a player or a table that is not there lists no deal. It listed
every deal of the club under "No player has this username." (or, for another club's table or a
table that does not exist, with no word at all), as if the list were filtered."""

from __future__ import annotations

from django.test import Client

from .conftest import play_deal_as_people, sit_all, start_deal


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_an_unknown_player_or_table_matches_no_deal(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    client = _client(players[0])
    url = f"/clubs/{table.club.slug}/deals/"
    assert f"/deals/{deal.pk}/" in client.get(url).content.decode()
    assert f"/deals/{deal.pk}/" in client.get(f"{url}?table={table.pk}").content.decode()
    elsewhere = table.pk + 1000
    for odd in ("?player=nobody-at-all", f"?table={elsewhere}", "?table=99999999999", "?table=x"):
        response = client.get(url + odd)
        assert response.status_code == 200, odd
        assert f"/deals/{deal.pk}/" not in response.content.decode(), odd
    assert "No player has this username." in client.get(f"{url}?player=nobody-at-all").content.decode()


def test_someone_outside_the_club_reads_as_a_name_nobody_has(make_table, players, make_user):
    """A member typing an outsider's username read an empty list with no word, and a name nobody
    has read "No player has this username.": the box told him who has an account on the site."""
    table = make_table()
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    make_user("outsider")
    client = _client(players[0])
    url = f"/clubs/{table.club.slug}/deals/"
    outsider = client.get(f"{url}?player=outsider").content.decode()
    nobody = client.get(f"{url}?player=nobody-at-all").content.decode()
    assert "No player has this username." in outsider and "No player has this username." in nobody
    assert "/deals/" not in outsider.split("<tbody", 1)[-1].split("</tbody>", 1)[0]
    member = client.get(f"{url}?player={players[1].username}").content.decode()
    assert "No player has this username." not in member


def test_each_name_in_the_deal_list_keeps_its_own_direction(make_table, players):
    """A display name written right to left ("אבי") beside others in the list's "Vera, אבי, Ivan"
    reordered its neighbours: each name is set apart (<bdi>)."""
    from club.models import User

    User.objects.filter(pk=players[1].pk).update(display_name="אבי")
    table = make_table()
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    html = _client(players[0]).get(f"/clubs/{table.club.slug}/deals/").content.decode()
    assert "<bdi>אבי</bdi>" in html and f"<bdi>{players[0].shown_name}</bdi>" in html
