"""Review 101: the club page tells a member with no chips "You have no chips yet. Chips are given by
the club's managers: ask one of them to grant you some." It read his wallet only: a player who had
brought all his chips to a table (or had lost them) was told he had none yet, as if he had never
been given any, while 300 of them stood in front of him at the table. The hint is for a member
whose wallet has never moved."""

from __future__ import annotations

import pytest
from django.test import Client

from games.services import table_sit

pytestmark = pytest.mark.django_db


def _club_page(club, user) -> str:
    client = Client()
    client.force_login(user)
    return client.get(club.get_absolute_url()).content.decode()


def test_a_player_with_all_his_chips_at_a_table_is_not_told_he_has_none_yet(
    make_table, players, club, make_user
) -> None:
    from club import services as club_services

    table = make_table(buy_in_max=1000)
    vera = players[0]
    table_sit(session_id=table.pk, user=vera, position=0, buy_in=1000)  # his whole wallet
    page = _club_page(club, vera)
    assert "Your chips: <strong>0</strong>" in page  # the wallet's, as the box says
    assert 'id="no-chips-hint"' not in page and "no chips yet" not in page
    newcomer = make_user("newcomer-r101")
    club_services.membership_join(club=club, user=newcomer)
    assert 'id="no-chips-hint"' in _club_page(club, newcomer)  # still told where chips come from
