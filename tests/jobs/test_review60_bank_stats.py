"""Review 60 (the money auditor): a table's bank that goes back to its players after its last deal
(shared out at the session's end, or among those left when too few can pay to deal) counts in their
net chips, as the ledger has them: the stats said each had lost his ante while his wallet had it back."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Sum
from django.utils import timezone

from club.models import Membership
from games.engine import Action
from games.history import deal_history_page, deal_rows
from games.models import Deal, PlayerStats, TableSession
from games.services import dealing, table_act, tables_tick
from games.services.acting import session_deal_if_due
from games.services.seating import table_leave, table_sit
from games.stats import stats_recompute
from games.stats_read import leaderboard, player_net_series, player_totals
from ledger.models import Journal
from ledger.services import account_wallet, ledger_verify
from tests.games.conftest import sit_all


def _everybody_passes(deal: Deal, session_id: int) -> Deal:
    users = {i: s.member.user for i, s in enumerate(dealing.deal_players(deal))}
    for _ in range(40):
        deal.refresh_from_db()
        if deal.is_over:
            break
        seat = dealing.deal_state(deal).queue[0]
        table_act(session_id=session_id, user=users[seat], action=Action("pass"), expected_seq=deal.seq)
    deal.refresh_from_db()
    assert deal.result == "redeal"
    return deal


def _chips_and_stats_agree(club, players, *, wallets: dict[int, int]) -> None:
    for user in players:
        member = Membership.objects.get(club=club, user=user)
        # What the ledger says he won or lost at the table: his whole wallet back against what he had.
        ledger_net = account_wallet(membership=member).balance - wallets[user.pk]
        stats_net = PlayerStats.objects.filter(member=member).aggregate(net=Sum("net"))["net"]
        assert stats_net == ledger_net, (user.username, stats_net, ledger_net)
        totals = player_totals(membership=member)
        assert totals.net == ledger_net
        assert totals.deals_won == int(ledger_net > 0)
        series = player_net_series(membership=member)
        assert series and series[-1][1] == ledger_net  # the chart ends where "Net chips" says
        # His deals list: his net in each deal, the last one's with the bank given back.
        rows = deal_rows(deal_history_page(club=club), viewer=user)
        assert sum(row["net"] for row in rows if row["net"] is not None) == ledger_net
    board = {row.member.user_id: row.counters.net for row in leaderboard(club=club, period="all")}
    assert sum(board.values()) == sum(
        account_wallet(membership=Membership.objects.get(club=club, user=u)).balance - wallets[u.pk]
        for u in players
    )
    summary = stats_recompute(fix=False)  # the nightly recount reads the ledger the same way
    assert summary["differences"] == 0, summary["details"]
    assert ledger_verify()[0] == []


def test_a_bank_shared_out_when_the_session_ends_counts_in_the_players_net_chips(
    make_table, players, club, django_capture_on_commit_callbacks
):
    wallets = {u.pk: 1000 for u in players}
    start = timezone.now().replace(microsecond=0) + timedelta(days=1)
    evening = make_table(starts_at=start, ends_at=start + timedelta(hours=2), min_players=4)
    tables_tick(start - timedelta(minutes=15))  # seating opens
    for position, user in enumerate(players):
        table_sit(session_id=evening.pk, user=user, position=position, buy_in=200)
    with django_capture_on_commit_callbacks(execute=True):
        tables_tick(start)
        tables_tick(start)
        deal = Deal.objects.get(session=evening)
        # Time is up while the deal runs: everybody passes, the antes stay in the bank, and the
        # close shares them out to the four wallets, five each.
        TableSession.objects.filter(pk=evening.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
        _everybody_passes(deal, evening.pk)
    assert Journal.objects.filter(kind=Journal.Kind.BANK_CLOSE).count() == 1
    for user in players:  # nobody lost a chip
        assert account_wallet(membership=Membership.objects.get(club=club, user=user)).balance == 1000
    _chips_and_stats_agree(club, players, wallets=wallets)


def test_a_bank_shared_when_too_few_can_pay_counts_in_their_net_chips(
    make_table, players, club, django_capture_on_commit_callbacks
):
    wallets = {u.pk: 1000 for u in players}
    table = make_table(stake=100, buy_in_min=100, buy_in_max=500)
    for position, user in enumerate(players):
        # Three can ante once, one twice.
        table_sit(session_id=table.pk, user=user, position=position, buy_in=250 if position == 0 else 100)
    with django_capture_on_commit_callbacks(execute=True):
        tables_tick(timezone.now())
        deal = Deal.objects.get(session=table)
        _everybody_passes(deal, table.pk)
        # The redeal: one alone can ante, and the bank is shared out to the four stacks, a hundred each.
        session_deal_if_due(session_id=table.pk, now=timezone.now() + timedelta(minutes=1))
        assert Journal.objects.filter(idempotency_key__startswith="bank_share:").count() == 1
        assert Deal.objects.filter(session=table).count() == 1
        for user in players:
            assert table_leave(session_id=table.pk, user=user)
    _chips_and_stats_agree(club, players, wallets=wallets)


def test_a_practice_tables_bank_shared_out_is_not_in_the_chart(
    make_table, players, club, play_deals, django_capture_on_commit_callbacks
):
    """A practice table's chips are the treasury's: its bank shared into a player's stack counts in no
    net, and the chart of a long history (started from the total) ends where "Net chips" says."""
    practice = make_table(stake=100, buy_in_min=100, buy_in_max=500, practice=True)
    for position, user in enumerate(players):
        table_sit(session_id=practice.pk, user=user, position=position, buy_in=250 if position == 0 else 100)
    with django_capture_on_commit_callbacks(execute=True):
        tables_tick(timezone.now())
        _everybody_passes(Deal.objects.get(session=practice), practice.pk)
        session_deal_if_due(session_id=practice.pk, now=timezone.now() + timedelta(minutes=1))
    assert Journal.objects.filter(idempotency_key__startswith=f"bank_share:table:{practice.pk}:").count() == 1
    for user in players:
        table_leave(session_id=practice.pk, user=user)
    table = make_table()
    sit_all(table, players)
    play_deals(table, players, 2)
    for user in players:
        member = Membership.objects.get(club=club, user=user)
        series = player_net_series(membership=member, limit=1)  # one point, from the total before it
        assert series[-1][1] == player_totals(membership=member).net
