"""Review 126: the player page's "Success rate per status" named every bid in Classic's words,
whatever game it was bid in: a Frap player's frap read "snore" (ru «храп» for «фрап»), his whist
"help", and a Bulgarian 36 player's wrap "dark". Each bar now names the bid as his table's game
does (the deal page and the table do), a bid of two games with two names getting a bar each."""

from __future__ import annotations

import pytest
from django.utils import translation

from club.models import Membership
from games.engine import Action, observe
from games.models import Deal, Seat
from games.presenter import status_words
from games.services import dealing, table_act
from games.stats_read import player_success_by_status

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def _first_snores_the_others_pass(deal: Deal) -> Deal:
    seats = Seat.objects.select_related("member__user")
    users = {i: seats.get(pk=pk).member.user for i, pk in enumerate(deal.players)}
    for _ in range(60):
        deal.refresh_from_db()
        if deal.is_over:
            return deal
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        legal = observe(state, seat)["legal_actions"]
        wanted = "snore" if state.snorer < 0 and {"do": "snore"} in legal else "pass"
        if state.phase == "exchange":
            wanted = "exchange"
        action = next(a for a in legal if a["do"] == wanted and not a.get("cards"))
        table_act(
            session_id=deal.session_id,
            user=users[seat],
            action=Action.from_json(action),
            expected_seq=deal.seq,
        )
    raise AssertionError("the deal did not end")


def test_a_frap_is_called_a_frap(make_table, players, django_capture_on_commit_callbacks):
    table = make_table("frap")
    sit_all(table, players)
    with django_capture_on_commit_callbacks(execute=True):
        deal = _first_snores_the_others_pass(start_deal(table))
    snorer = Membership.objects.get(pk=deal.deal_players.get(status="snore").member_id)
    for lang in ("en", "ru", "bg"):
        with translation.override(lang):
            rows = player_success_by_status(membership=snorer)
            assert [row["label"] for row in rows] == [status_words("frap")["snore"]], lang
            assert rows[0]["label"] != status_words("classic")["snore"]
            assert (rows[0]["made"], rows[0]["deals"]) == (1, 1)
