"""Review 66 (held): a settlement of a closed table's last deal moved back gives the bank its chips
again and closes it again into the last deal's wallets. Both change that deal's net chips: each is
counted once, so the counters read at once agree with the nightly recount and with the wallets (the
move back was counted after the second close once, and the close's shares twice)."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from club.models import Membership
from games.models import Deal, PlayerStats
from games.services.access import session_lock
from games.services.schedule import session_close
from games.stats import stats_deal_count, stats_recompute
from ledger.models import Journal
from ledger.services import account_wallet, ledger_verify
from tests.games.conftest import sit_all
from tests.games.test_reversal_holds import _reverse, _settled


def test_a_closed_tables_last_settlement_moved_back_counts_once(make_table, players, owner, club) -> None:
    table = make_table(seats=3)
    three = players[:3]
    before = {
        u.pk: account_wallet(membership=Membership.objects.get(club=club, user=u)).balance for u in three
    }
    sit_all(table, three, buy_in=500)
    settle = _settled(table, three, bank_paid=True)
    assert settle.deal_id == Deal.objects.filter(session=table).order_by("-number").first().pk
    for deal_id in Deal.objects.filter(session=table).values_list("pk", flat=True):
        stats_deal_count(deal_id=deal_id)
    with transaction.atomic():
        session_close(session=session_lock(table.pk), now=timezone.now())
    closes = Journal.objects.filter(kind=Journal.Kind.BANK_CLOSE).count()
    _reverse(settle, players[1], owner)
    assert Journal.objects.filter(kind=Journal.Kind.BANK_CLOSE).count() == closes + 1  # closed again
    for user in three:
        member = Membership.objects.get(club=club, user=user)
        ledger_net = account_wallet(membership=member).balance - before[user.pk]
        counted = PlayerStats.objects.filter(member=member).aggregate(net=Sum("net"))["net"] or 0
        assert counted == ledger_net, (user.username, counted, ledger_net)
    summary = stats_recompute(fix=False)
    assert summary["differences"] == 0, summary["details"]
    assert ledger_verify()[0] == []
