"""Review 111: a player who looked at his cards and bid at once (the page sends the bid before the
look's update comes back, on the seq it showed) was refused as "stale": only other players' looks
counted as harmless. His own look changes what he may bid only by what needed unseen cards: a bid his
seat is still offered stands; a dark bid (offered only to unseen cards) is still stale, as is a move
after another move."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.engine import Action, observe
from games.models import DealAction
from games.services import TableError, dealing, table_act

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _first(deal):
    state = dealing.deal_state(deal)
    seat = state.queue[0]
    return seat, dealing.deal_players(deal)[seat].member.user, observe(state, seat)


def test_own_look_then_a_bid_on_the_same_view(make_table, players):
    table = make_table("moryak")
    sit_all(table, players)
    deal = start_deal(table)
    seat, user, view = _first(deal)
    assert {"do": "look"} in view["legal_actions"]
    seq = deal.seq
    table_act(
        session_id=table.pk,
        user=user,
        action=Action.from_json({"do": "look"}),
        expected_seq=seq,
        expected_deal=deal.pk,
    )
    table_act(
        session_id=table.pk,
        user=user,
        action=Action.from_json({"do": "pass"}),
        expected_seq=seq,
        expected_deal=deal.pk,
    )
    moves = list(
        DealAction.objects.filter(deal=deal, seq__gt=seq).order_by("seq").values_list("seat", "action")
    )
    assert moves == [(seat, {"do": "look"}), (seat, {"do": "pass"})]


def test_a_dark_bid_after_his_own_look_is_stale(make_table, players):
    table = make_table("moryak")
    sit_all(table, players)
    deal = start_deal(table)
    _seat, user, view = _first(deal)
    dark = next(a for a in view["legal_actions"] if a["do"] == "dark")
    seq = deal.seq
    table_act(
        session_id=table.pk,
        user=user,
        action=Action.from_json({"do": "look"}),
        expected_seq=seq,
        expected_deal=deal.pk,
    )
    with pytest.raises(TableError) as refused:
        table_act(
            session_id=table.pk,
            user=user,
            action=Action.from_json(dark),
            expected_seq=seq,
            expected_deal=deal.pk,
        )
    assert refused.value.code == "stale" and not refused.value.done


def test_a_bid_after_his_own_pass_is_still_stale(make_table, players):
    table = make_table("moryak")
    sit_all(table, players)
    deal = start_deal(table)
    _seat, user, _view = _first(deal)
    seq = deal.seq
    table_act(
        session_id=table.pk,
        user=user,
        action=Action.from_json({"do": "pass"}),
        expected_seq=seq,
        expected_deal=deal.pk,
    )
    with pytest.raises(TableError) as refused:
        table_act(
            session_id=table.pk,
            user=user,
            action=Action.from_json({"do": "look"}),
            expected_seq=seq,
            expected_deal=deal.pk,
        )
    assert refused.value.code == "stale"
