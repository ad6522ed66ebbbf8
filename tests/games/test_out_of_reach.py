"""A player whose stack cannot cover a status is offered only what it covers; the table tells him
why, with what each missing bid would hold (he saw a lone "Pass" and took the table for broken)."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone, translation

from games.broadcast import table_messages, user_group
from games.engine import Action, apply
from games.engine.legal import bids_out_of_reach
from games.live_frame import live_frame_html
from games.presenter import table_context
from games.seat_view import seat_view
from games.services.dealing import deal_state

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def _frames(table, players, language: str) -> dict[int, str]:
    by_group = {user_group(table.pk, u.pk): u.pk for u in players}
    out = {}
    with translation.override(language):
        for group, message in table_messages(table.pk):
            if group in by_group:
                context = table_context(
                    view=message["view"],
                    public=message["public"],
                    user_id=by_group[group],
                    now=timezone.now(),
                )
                out[message["seat"]] = str(live_frame_html(context))
    return out


def test_a_short_stack_is_told_which_bids_it_cannot_cover(make_table, players):
    table = make_table(buy_in_min=20)
    sit_all(table, players, buy_in=30)
    deal = start_deal(table)
    state = deal_state(deal)
    first = state.queue[0]
    stack = state.stacks[first]
    short = bids_out_of_reach(state, first)
    assert short and all(cost > stack for _, cost in short)
    assert "snore" in [name for name, _ in short]
    frames = _frames(table, players, "en")
    hint = re.search(r'<p class="muted small out-of-reach">([^<]*)</p>', frames[first])
    assert hint is not None
    snore_cost = dict(short)["snore"]
    assert f"Your stack of {stack} chips does not cover" in hint.group(1)
    assert f"Snore ({snore_cost} chips)" in hint.group(1)
    # Only the seat to act is told; the others have no bid to make now.
    assert all("out-of-reach" not in html for seat, html in frames.items() if seat != first)
    ru = _frames(table, players, "ru")[first]
    assert "не хватает на" in ru and "Snore" not in ru


def test_a_covered_stack_is_told_nothing(make_table, players):
    table = make_table()
    sit_all(table, players, buy_in=200)
    deal = start_deal(table)
    state = deal_state(deal)
    assert bids_out_of_reach(state, state.queue[0]) == []
    assert all("out-of-reach" not in html for html in _frames(table, players, "en").values())


def test_only_the_seat_to_bid_and_never_a_spectator_gets_the_reason(make_table, players):
    table = make_table(buy_in_min=20)
    sit_all(table, players, buy_in=30)
    state = deal_state(start_deal(table))
    first = state.queue[0]
    assert "out_of_reach" in seat_view(state, first)
    assert "out_of_reach" not in seat_view(state, None)
    assert all("out_of_reach" not in seat_view(state, s) for s in range(4) if s != first)
    # After his pass the next seat to bid is told, he is not.
    after, _ = apply(state, first, Action("pass"))
    nxt = after.queue[0]
    assert "out_of_reach" not in seat_view(after, first)
    assert bids_out_of_reach(after, nxt) == [
        (v["do"], v["cost"]) for v in seat_view(after, nxt).get("out_of_reach", [])
    ]
