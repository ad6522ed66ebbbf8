"""Review 66: the site's operator (a superuser) acts at every club's tables with the owner's powers
(review 65). Yet an operator who also managed the club was held to a manager's rank: he could not
stand up a manager sitting at its table ("Only the owner can act on a manager."), which he could do
as a stranger to the club or as one of its plain members. His rank there is the owner's whatever
membership he holds."""

from __future__ import annotations

import pytest

from club import services as club_services
from club.models import Membership
from games.models import Seat
from games.services import table_sit
from games.services.seating import table_stand_up

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("his_role", [None, "member", "manager"])
def test_the_operator_stands_up_a_manager_whatever_his_own_membership(
    make_table, make_user, owner, club, players, his_role
) -> None:
    operator = make_user("operator66", is_staff=True, is_superuser=True)
    if his_role is not None:
        club_services.membership_join(club=club, user=operator)
        if his_role == "manager":
            club_services.membership_set_role(
                membership=Membership.objects.get(club=club, user=operator), actor=owner, role="manager"
            )
    manager = Membership.objects.get(club=club, user=players[0])
    club_services.membership_set_role(membership=manager, actor=owner, role="manager")
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=100)
    assert table_stand_up(session_id=table.pk, actor=operator, position=0, reason="Asleep at the table")
    assert Seat.objects.get(session=table, position=0).status == Seat.Status.LEFT


def test_the_operator_who_is_a_plain_member_is_offered_the_managers_controls(
    client, make_table, make_user, club, players
) -> None:
    """The services let him stand players up and seat bots; the table page and its socket frames hid
    those controls from him (left out in stop 28: only a manager's membership showed them)."""
    from games.selectors import table_can_manage

    operator = make_user("operator66b", is_staff=True, is_superuser=True)
    club_services.membership_join(club=club, user=operator)
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=100)
    client.force_login(operator)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert f'action="/tables/{table.pk}/standup/"' in page
    assert 'id="bot-2"' in page
    assert table_can_manage(session=table, user=operator)  # the socket's frames ask this
    # A plain member still sees neither.
    client.force_login(players[1])
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "/standup/" not in page and 'id="bot-2"' not in page
