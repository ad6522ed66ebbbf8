"""Review 55: a move sent again (the plain form re-sent by a browser's retry, the same bid pressed
in a second tab) after the first copy had made it was refused in red with "The table moved on
before your move arrived; look again and make your move.": it told the player to make again a move
he had made. It now says the move is made (news, not red), in his language; the deal took it once.
A move the table really passed by (another one, or another seat's) is still "stale"."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import translation

from games.engine import Action, observe
from games.engine.bots import BasicBot
from games.models import Deal, DealAction
from games.services import TableError, dealing, table_act

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def _turn(deal: Deal):
    deal.refresh_from_db()
    state = dealing.deal_state(deal)
    seat = state.queue[0]
    action = BasicBot(seed=deal.seq).choose(observe(state, seat))
    user = dealing.deal_players(deal)[seat].member.user
    return user, action, deal.seq


def test_a_move_sent_again_is_said_made(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    user, action, seq = _turn(deal)
    table_act(session_id=table.pk, user=user, action=action, expected_seq=seq, expected_deal=deal.pk)
    with pytest.raises(TableError) as again:
        table_act(session_id=table.pk, user=user, action=action, expected_seq=seq, expected_deal=deal.pk)
    assert again.value.code == "stale" and again.value.done
    with translation.override("ru"):  # the sentence is made when read, in the reader's language
        assert again.value.message == "Ваш ход уже сделан."
    assert DealAction.objects.filter(deal=deal, seq__gt=seq, action=action.to_json()).count() == 1


def test_the_plain_form_sent_again_is_not_red(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    user, action, seq = _turn(deal)
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    form = {**action.to_json(), "seq": str(seq), "deal": str(deal.pk)}
    form.pop("cards", None)
    client.post(f"/tables/{table.pk}/act/", form)
    said = [
        (m.level_tag, str(m))
        for m in get_messages(client.post(f"/tables/{table.pk}/act/", form).wsgi_request)
    ]
    assert said[-1] == ("info", "Your move is already made."), said


def test_another_move_on_a_passed_position_is_still_stale(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    user, action, seq = _turn(deal)
    table_act(session_id=table.pk, user=user, action=action, expected_seq=seq, expected_deal=deal.pk)
    other = (
        Action.from_json({"do": "look"})
        if action.to_json() != {"do": "look"}
        else Action.from_json({"do": "pass"})
    )
    with pytest.raises(TableError) as refused:
        table_act(session_id=table.pk, user=user, action=other, expected_seq=seq, expected_deal=deal.pk)
    assert refused.value.code == "stale" and not refused.value.done


def test_the_move_that_ended_the_deal_sent_again_is_said_made(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    # Every move but the last, then the last one by hand.
    while True:
        user, action, seq = _turn(deal)
        result = table_act(
            session_id=table.pk, user=user, action=action, expected_seq=seq, expected_deal=deal.pk
        )
        if result.over:
            break
    with pytest.raises(TableError) as again:
        table_act(session_id=table.pk, user=user, action=action, expected_seq=seq, expected_deal=deal.pk)
    assert again.value.done and again.value.message == "Your move is already made.", again.value.code
