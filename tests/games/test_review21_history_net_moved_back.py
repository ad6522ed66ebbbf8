"""Review 21: the deal history's "Your net" showed what a deal booked even after a manager moved its
settlement back (a report answered with "reverse"): the winner read +N for a deal whose chips his
statement showed taken back, while his player page and the leaderboard counted them as moved back."""

from __future__ import annotations

import pytest
from django.test import Client

from games.stats import stats_recompute
from games.stats_read import player_totals

from .test_reversal_holds import _own, _released, _reverse, settled  # noqa: F401  (fixture)


def _your_net(client: Client, url: str, deal_id: int) -> int | None:
    response = client.get(url)
    row = next(r for r in response.context["rows"] if r["deal"].pk == deal_id)
    return row["net"]


@pytest.mark.django_db
def test_your_net_counts_the_chips_moved_back(settled, players, owner):  # noqa: F811
    table, settle = settled
    vera = _released(settle)
    won = _own(settle, vera)
    assert won > 0
    client = Client()
    client.force_login(vera.user, backend="django.contrib.auth.backends.ModelBackend")
    url = f"/clubs/{table.club.slug}/deals/"
    before = _your_net(client, url, settle.deal_id)
    # Her net in the deal counts her ante too, so a win of the ante back reads 0 (about one deal in
    # thirty-five here); what matters is that the reversal moves it by what it took back.
    assert before is not None
    others = {u.pk: _your_net(_client_for(u), url, settle.deal_id) for u in players if u != vera.user}

    _reverse(settle, next(u for u in players if u != vera.user), owner)
    assert _your_net(client, url, settle.deal_id) == before - won
    # As the player page counts it.
    stats_recompute(fix=True)
    assert player_totals(membership=vera).net == sum(
        r["net"] for r in client.get(url).context["rows"] if r["net"] is not None
    )
    # Each other player's row moves by what the reversal gave back to him, and no more.
    for user in players:
        if user == vera.user:
            continue
        member = user.memberships.get(club=table.club)
        assert _your_net(_client_for(user), url, settle.deal_id) == others[user.pk] - _own(settle, member)


def _client_for(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client
