"""A deal's settlement moved back counts the same in the stats whether its winner still sits at the
table or has left it (review 9: the nightly recount read a deal's nets off the table's accounts
only, so the chips taken back from a seated winner's stack lowered his net chips, and the same
chips taken from the wallet of one who had left changed nothing)."""

from __future__ import annotations

import pytest

from games.services import table_leave
from games.stats import stats_recompute
from games.stats_read import player_totals

from .test_reversal_holds import _own, _released, _reverse, settled  # noqa: F401  (fixture)


@pytest.mark.django_db
@pytest.mark.parametrize("leaves_first", [False, True])
def test_a_settlement_moved_back_lowers_the_winners_net_wherever_his_chips_are(
    settled,  # noqa: F811
    players,
    owner,
    leaves_first,
):
    table, settle = settled
    vera = _released(settle)
    stats_recompute(fix=True)
    before = player_totals(membership=vera).net
    won = _own(settle, vera)
    assert won > 0
    if leaves_first:
        table_leave(session_id=table.pk, user=vera.user)
    _reverse(settle, next(u for u in players if u != vera.user), owner)
    stats_recompute(fix=True)
    assert player_totals(membership=vera).net == before - won


@pytest.mark.django_db
@pytest.mark.parametrize("leaves_first", [False, True])
def test_the_players_net_chart_ends_where_his_net_chips_say(settled, players, owner, leaves_first):  # noqa: F811
    from games.stats_read import player_net_series

    table, settle = settled
    vera = _released(settle)
    if leaves_first:
        table_leave(session_id=table.pk, user=vera.user)
    _reverse(settle, next(u for u in players if u != vera.user), owner)
    stats_recompute(fix=True)
    total = player_totals(membership=vera).net
    assert player_net_series(membership=vera)[-1][1] == total
    # Counted from his very first deal when the chart shows only the last ones.
    assert player_net_series(membership=vera, limit=1)[-1][1] == total
