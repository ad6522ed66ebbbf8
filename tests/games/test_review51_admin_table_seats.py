"""Review 51: a table's page in the admin lists its seats (who sits where) for the club's managers,
as it does for the site's operators: the seats' inline asked Django's model permissions, which club
managers never hold (the admin follows the club role), so the owner's page of his own table showed
no seat at all."""

from __future__ import annotations

from django.test import Client

from .conftest import sit_all


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_a_tables_admin_page_lists_its_seats_for_the_clubs_manager(
    make_table, players, owner, make_user, make_club
):
    table = make_table()
    sit_all(table, players)
    url = f"/admin/games/tablesession/{table.pk}/change/"
    page = _client(owner).get(url).content.decode()
    for player in players:
        assert player.username in page or player.display_name in page, player.username
    assert 'id="seats-group"' in page
    # Another club's manager still does not reach the table, nor its seats.
    rival = make_user("rival-seats")
    make_club(rival, "Rival Seats Club")
    response = _client(rival).get(url)
    assert response.status_code == 302
    body = _client(rival).get(url, follow=True).content.decode()
    assert not any(player.username in body for player in players)
