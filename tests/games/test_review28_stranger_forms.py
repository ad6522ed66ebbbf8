"""Review 28: a logged-in stranger posting the table's plain forms learnt which tables exist.

The table's page and its socket answer a stranger the same for a table of a club he is not in and
for no table at all ("This table does not exist, or only the members of its club may see it."). The
plain forms (sit, act, away, back, leave, bots, stand up) answered "Only active members of this club
can play at its tables." for a table that exists, "This table does not exist." for one that does
not, and "Leave" "You are not sitting at this table.": number after number, a stranger listed the
tables of clubs the home page never shows (invite-only ones among them). Each form now answers him
as the page does, whatever the number."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from games.models import Seat

FORMS = ("table_sit", "table_act", "table_away", "table_back", "table_leave", "table_bot", "table_standup")
POSTED = {"do": "pass", "seq": "0", "deal": "1", "position": "1", "buy_in": "100", "reason": "noise"}


def _told(user, name: str, session_id: int, **posted: str) -> list[str]:
    """What the form's answer tells him (a client of its own: a 404 page leaves messages unread)."""
    client = Client()
    client.force_login(user)
    response = client.post(reverse(name, args=[session_id]), {**POSTED, **posted})
    assert response.status_code == 302
    return [str(m) for m in get_messages(response.wsgi_request)]


#: The forms of bots and stand-ups carry their own "do".
DO = {"table_bot": "bot", "table_standup": "standup"}


@pytest.mark.parametrize("name", FORMS)
def test_a_stranger_is_told_the_same_of_a_table_and_of_no_table(make_table, make_user, name):
    table = make_table()
    stranger = make_user("stranger28")
    posted = {"do": DO[name]} if name in DO else {}
    told = [_told(stranger, name, pk, **posted) for pk in (table.pk, table.pk + 1000)]
    assert told[0] == told[1], told
    assert told[0] == ["This table does not exist, or only the members of its club may see it."]
    assert not Seat.objects.filter(session=table).exists()


def test_a_member_without_a_seat_is_still_told_he_has_none(make_table, players):
    table = make_table()
    assert _told(players[0], "table_leave", table.pk) == ["You are not sitting at this table."]
    assert _told(players[0], "table_away", table.pk) == ["You are not sitting at this table."]
