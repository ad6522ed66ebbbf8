"""Review 125: a player who sat the running deal out may now leave at once (review 119), and sit down
again while it runs. His old seat is still one of the deal's (``Deal.players``), left: a move of his
was taken for that seat's, and he was told "It is not your turn" of a deal he has no cards in (and
the move was looked at against a seat that has none). He is told he plays from the next deal."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.engine import Action
from games.models import Seat
from games.services import TableError, table_act, table_leave, table_sit

from .test_r119_leave_sitting_out import _a_deal_he_sits_out

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_time_zone():
    yield
    timezone.deactivate()


def test_a_move_after_leaving_a_deal_sat_out_and_sitting_again(make_table, players, make_user, club, owner):
    table, deal, fifth = _a_deal_he_sits_out(make_table, players, make_user, club, owner)
    assert table_leave(session_id=table.pk, user=fifth) is True
    table_sit(session_id=table.pk, user=fifth, position=4, buy_in=200)
    assert (
        Seat.objects.filter(session=table, member__user=fifth).exclude(status=Seat.Status.LEFT).count() == 1
    )
    deal.refresh_from_db()
    with pytest.raises(TableError) as refused:
        table_act(
            session_id=table.pk,
            user=fifth,
            action=Action.from_json({"do": "pass"}),
            expected_seq=deal.seq,
            expected_deal=deal.pk,
        )
    assert refused.value.code == "not_in_deal", refused.value.code
