"""An admin action posted with a ticked id that is not a row's id (typed by hand: "abc", "1.5", "²",
twenty digits) answered with a server error on every list of the site (Django puts the posted ids
into the query as they are). It says the ticked rows could not be read, and nothing is done, not
even to a real row ticked beside it."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from club.models import Membership

from .conftest import logged_in, m

pytestmark = pytest.mark.django_db

ODD_IDS = ["abc", "1.5", "²", "99999999999999999999", "-99999999999999999999"]


@pytest.mark.parametrize("odd", ODD_IDS)
def test_a_ban_with_an_odd_ticked_id_is_refused_with_a_message(club, manager, member, odd):
    client = logged_in(manager, raise_request_exception=False)
    response = client.post(
        reverse("admin:club_membership_changelist"),
        {
            "action": "ban_selected",
            "_selected_action": [m(club, member).pk, odd],
            "reason": "r",
            "index": "0",
        },
    )
    assert response.status_code == 302
    texts = [str(message) for message in get_messages(response.wsgi_request)]
    assert any("could not be read" in text for text in texts), texts
    assert m(club, member).status == Membership.Status.ACTIVE


@pytest.mark.parametrize(
    "url, action",
    [
        ("admin:games_tablesession_changelist", "cancel_selected"),
        ("admin:games_seat_changelist", "stand_up_selected"),
        ("admin:ledger_adjustment_changelist", "approve_selected"),
        ("admin:club_user_changelist", "delete_selected"),
    ],
)
def test_every_list_answers_an_odd_ticked_id_without_a_server_error(club, manager, root, url, action):
    for user in (manager, root):
        client = logged_in(user, raise_request_exception=False)
        for odd in ODD_IDS:
            response = client.post(reverse(url), {"action": action, "_selected_action": [odd], "index": "0"})
            assert response.status_code < 500, (user.username, action, odd, response.status_code)
