"""The table update reads presence, the ledger balances and the seed strings given in one statement
(issue 12): what it shows is what the three reads it replaced showed."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.models import Presence, Seat, SeedContribution
from games.selectors import PRESENCE_FRESH, table_public_parts
from ledger.models import Account

from .conftest import sit_all, start_deal


@pytest.mark.django_db
def test_presence_balances_and_strings_read_together(make_table, players, make_user):
    table = make_table()
    sit_all(table, players[:3])
    deal = start_deal(table)
    table.refresh_from_db()
    assert table.next_commitment
    watcher, gone, stale = make_user("watcher"), make_user("gone"), players[1]
    now = timezone.now()
    Presence.objects.create(session=table, user=players[0], connections=1, last_seen_at=now)
    Presence.objects.create(session=table, user=watcher, connections=2, last_seen_at=now)
    Presence.objects.create(session=table, user=gone, connections=0, last_seen_at=now)
    # A socket counted open whose server stopped answering: counted, not shown as connected.
    Presence.objects.create(session=table, user=stale, connections=1, last_seen_at=now - 2 * PRESENCE_FRESH)
    seats = {s.position: s for s in Seat.objects.filter(session=table)}
    SeedContribution.objects.create(session=table, commitment=table.next_commitment, seat=seats[2], value="x")
    SeedContribution.objects.create(session=table, commitment="other", seat=seats[0], value="y")

    public, _played, connected = table_public_parts(table, deal)

    assert connected == {players[0].pk, watcher.pk, stale.pk}
    shown = {s["user_id"]: s["connected"] for s in public["seats"]}
    assert shown == {players[0].pk: True, players[1].pk: False, players[2].pk: False}
    assert public["watching"] == 1
    assert public["pending"] == {"commitment": table.next_commitment, "contributed": [2]}
    balance = {(a.kind, a.member_id): a.balance for a in Account.objects.filter(table=table)}
    assert any(balance.values())
    for seat in public["seats"]:
        member = seats[seat["position"]].member_id
        assert seat["stack"] == balance.get((Account.Kind.STACK, member), 0)
        assert seat["hold"] == balance.get((Account.Kind.HOLD, member), 0)
    assert public["bank"] == balance.get((Account.Kind.BANK, None), 0)
