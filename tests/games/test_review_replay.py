"""Review: a move made on one deal's view must not be applied to a later deal."""

from __future__ import annotations

import re

from django.urls import reverse

from games.engine import Action
from games.models import Deal, DealAction
from games.services import dealing, table_act

from .conftest import sit_all, start_deal

_FORM = re.compile(r'<form class="bid"[^>]*action="([^"]+)"[^>]*>(.*?)</form>', re.S)
_INPUT = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')


def _pass_form(html: str) -> tuple[str, dict[str, str]]:
    for action, body in _FORM.findall(html):
        fields = dict(_INPUT.findall(body))
        if fields.get("do") == "pass":
            return action, fields
    raise AssertionError("no pass button on the page")


def _everybody_passes(table, deal: Deal) -> Deal:
    people = {i: s.member.user for i, s in enumerate(dealing.deal_players(deal))}
    for _ in range(60):
        deal.refresh_from_db()
        if deal.is_over:
            return deal
        seat = dealing.deal_state(deal).queue[0]
        table_act(session_id=table.pk, user=people[seat], action=Action("pass"), expected_seq=deal.seq)
    raise AssertionError("the deal did not end")


def test_a_move_from_an_old_deals_page_is_not_applied_to_a_later_deal(client, make_table, players):
    """A move names only ``seq``, and ``seq`` starts again at 0 every deal. A form (or a socket
    message htmx queued while the connection was down and sends on reconnect, or a browser's
    "resend the form" after Back) made on deal 1's view is applied to whichever later deal happens to
    be at the same ``seq`` with the same seat to act: here deal 4 (the dealer has gone round three
    seats after three redeals), whose first bid is made by the replayed deal-1 "Pass". Fix: moves
    carry the deal (``deal`` id in the form / message, checked with ``seq``), or make ``seq``
    increase across the whole session."""
    table = make_table(seats=3, turn_seconds=600)
    sit_all(table, players[:3])
    deal = start_deal(table)
    first = dealing.deal_players(deal)[dealing.deal_state(deal).queue[0]].member.user
    client.force_login(first, backend="django.contrib.auth.backends.ModelBackend")
    url, fields = _pass_form(client.get(reverse("table_page", args=[table.pk])).content.decode())
    for _ in range(3):
        deal = _everybody_passes(table, deal)
        assert deal.result == "redeal"
        deal = start_deal(table)
    assert deal.number == 4
    to_act = dealing.deal_players(deal)[dealing.deal_state(deal).queue[0]].member.user
    assert to_act == first  # the same seat opens deal 4 at seq 0
    client.post(url, fields)  # deal 1's "Pass", sent again
    assert not DealAction.objects.filter(deal=deal).exists(), "deal 1's move was applied to deal 4"
