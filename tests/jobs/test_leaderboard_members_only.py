"""The leaderboard lists the club's members as they are now: a player banned (a cheat kept his
winnings on top of the board) or gone from the club is off it; his player page still shows the
deals he played here."""

from __future__ import annotations

import pytest
from django.test import Client

from club.models import Membership
from club.services import membership_ban, membership_leave
from games.stats_read import leaderboard

from .conftest import sit_all

pytestmark = pytest.mark.django_db


def test_banned_and_gone_players_leave_the_board(make_table, players, owner, play_deals):
    table = make_table()
    sit_all(table, players)
    play_deals(table, players, 2)
    club = table.club
    everyone = {r.member.user_id for r in leaderboard(club=club, period="all")}
    assert everyone == {u.pk for u in players}
    # Stood up first (a ban or a leave during no deal sends him home at once).
    from games.services import table_leave

    for user in players[2:]:
        table_leave(session_id=table.pk, user=user)
    membership_ban(membership=Membership.objects.get(club=club, user=players[2]), actor=owner, reason="cheat")
    membership_leave(club=club, user=players[3])

    shown = {r.member.user_id for r in leaderboard(club=club, period="all")}
    assert shown == {players[0].pk, players[1].pk}
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    html = client.get(f"/clubs/{club.slug}/leaderboard/?period=all").content.decode()
    assert players[0].shown_name in html and players[2].shown_name not in html
    assert players[3].shown_name not in html
    # The deals they played are still theirs to look at.
    assert client.get(f"/clubs/{club.slug}/players/{players[2].username}/").status_code == 200


def test_an_account_switched_off_by_the_operators_leaves_the_board(make_table, players, play_deals):
    """Review 143's doubt: an account the operators switched off (it cannot log in) stayed on the
    board, a member in name only."""
    from club.models import User

    table = make_table()
    sit_all(table, players)
    play_deals(table, players, 1)
    User.objects.filter(pk=players[1].pk).update(is_active=False)
    shown = {r.member.user_id for r in leaderboard(club=table.club, period="all")}
    assert shown == {players[0].pk, players[2].pk, players[3].pk}
    User.objects.filter(pk=players[1].pk).update(is_active=True)  # switched on again: back on it
    assert players[1].pk in {r.member.user_id for r in leaderboard(club=table.club, period="all")}
