"""Review 107: a manager's "Stand up…" on the table page stood up whoever sat in the seat by then.

The seat's form sent its position and the reason only. Vera sits at seat 1, a manager opens "Stand
up… Vera" and types why; Vera leaves and Gleb sits down there before the form is sent (a page a
moment old, a frame in flight): Gleb was stood up, under the reason written about Vera, his chips
sent back to his wallet. The admin's seat list sent the seat as the manager saw it, and the service
refuses a seat that changed hands ("seat_changed"); the table page's form now sends it too, by the
plain form and by the socket alike. Found reading the stand-up form of the live table as a manager."""

from __future__ import annotations

import re

from django.urls import reverse

from games.broadcast import table_messages, watch_group
from games.models import Seat
from games.protocol import StandUp, parse_message
from games.services import table_leave, table_sit
from games.services.presence import presence_join

from .test_live_frame import _both


def _standup_form(table, manager) -> dict[str, str]:
    """The fields of the manager's "Stand up…" form of the first seat, as his page draws it."""
    presence_join(session_id=table.pk, user=manager)  # his page is open: the watchers' picture is sent
    message = next(m for g, m in table_messages(table.pk) if g == watch_group(table.pk))
    _reference, drawn = _both(message, manager.pk, language="en", can_manage=True)
    form = re.search(r'<details class="standup"[^>]*>.*?</form>', drawn, re.S)
    assert form, drawn
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(0)))
    fields.pop("csrfmiddlewaretoken", None)
    return fields


def test_a_stand_up_sent_after_the_seat_changed_hands_stands_nobody_up(client, make_table, players, owner):
    vera, gleb = players[:2]
    table = make_table()
    table_sit(session_id=table.pk, user=vera, position=0, buy_in=200)
    fields = _standup_form(table, owner)
    assert fields["position"] == "1"
    # Vera goes, Gleb takes her seat; the manager's form, drawn for Vera, is sent now.
    table_leave(session_id=table.pk, user=vera)
    table_sit(session_id=table.pk, user=gleb, position=0, buy_in=200)
    client.force_login(owner)
    answer = client.post(reverse("table_standup", args=[table.pk]), {**fields, "reason": "rude to the table"})
    assert answer.status_code == 302
    assert Seat.objects.get(session=table, position=0, member__user=gleb).left_at is None
    said = [str(m) for m in answer.wsgi_request._messages]
    assert any("has changed hands" in m for m in said), said
    # The socket's message carries the seat as well.
    message = parse_message({**fields, "do": "standup", "reason": "rude to the table"})
    assert isinstance(message, StandUp) and message.seat_id is not None
