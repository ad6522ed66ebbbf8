"""Review 63 (held): the standings counted by hand. A member of two clubs plays at both; each club's
leaderboard, his page in each and each club's deal list show that club's deals only, with the
figures worked out here from the ledger (net chips: his stack and hold entries per deal; the
biggest bank: his largest payout journal) and the deal rows (deals, wins). After he leaves one
club, that club's board drops him, his page there keeps his figures and the other club is
untouched."""

from __future__ import annotations

import re

import pytest
from django.db.models import Sum
from django.test import Client

from club.models import Membership
from club.services import club_create, membership_join, membership_leave
from games.services import table_leave, table_session_create
from games.stats import deal_dealt
from games.stats_read import leaderboard, player_totals
from ledger.models import Account, Entry
from ledger.services import chips_grant

from .conftest import sit_all

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _by_hand(member: Membership, deals) -> dict[str, int]:
    """His figures in these deals, read off the ledger and the deals' openings."""
    seats = {
        deal.pk: p.engine_seat
        for deal in deals
        for p in deal.deal_players.all()
        if p.member_id == member.pk and p.engine_seat in deal_dealt(deal.opening)
    }
    nets = []
    biggest = 0
    for deal in [d for d in deals if d.pk in seats]:
        mine = Entry.objects.filter(
            journal__deal=deal,
            account__member=member,
            account__kind__in=[Account.Kind.STACK, Account.Kind.HOLD],
        )
        nets.append(int(mine.aggregate(t=Sum("amount"))["t"] or 0))
        # The payouts as the deal's outcome (its page) lists them: the settlement's journal nets
        # them with the releases and penalties of the same account.
        biggest = max(biggest, int((deal.outcome.get("payouts") or [0] * 8)[seats[deal.pk]]))
    dealt = [d for d in deals if d.pk in seats]
    return {"deals": len(dealt), "won": sum(1 for n in nets if n > 0), "net": sum(nets), "biggest": biggest}


def test_two_clubs_counted_by_hand(club, owner, make_table, players, play_deals, make_user):
    vera, gleb = players[:2]
    other = club_create(user=owner, name="Second Room")
    for user in (vera, gleb):
        membership_join(club=other, user=user)
        chips_grant(
            membership=Membership.objects.get(club=other, user=user), amount=1000, actor=owner, reason="x"
        )
    here = make_table()
    there = table_session_create(
        club=other,
        actor=owner,
        title="there",
        preset="classic",
        seat_count=4,
        stake=7,
        buy_in_min=100,
        buy_in_max=500,
        turn_seconds=30,
    )
    sit_all(here, [vera, gleb])
    sit_all(there, [vera, gleb])
    deals_here = play_deals(here, [vera, gleb], 4)
    deals_there = play_deals(there, [vera, gleb], 3)

    banks = []
    for room, deals in ((club, deals_here), (other, deals_there)):
        member = Membership.objects.get(club=room, user=vera)
        want = _by_hand(member, deals)
        assert want["deals"] >= 2
        banks.append(want["biggest"])
        totals = player_totals(membership=member)
        assert (totals.deals, totals.deals_won, totals.net, totals.biggest_bank_won) == (
            want["deals"],
            want["won"],
            want["net"],
            want["biggest"],
        )
        row = next(r for r in leaderboard(club=room, period="all") if r.member.user == vera)
        assert row.counters == totals
        client = _client(vera)
        page = client.get(f"/clubs/{room.slug}/players/{vera.username}/").content.decode()
        assert f"<dt>Net chips</dt><dd>{'+' if want['net'] > 0 else ''}{want['net']}</dd>" in page
        listed = client.get(f"/clubs/{room.slug}/deals/?player={vera.username}").content.decode()
        shown = {int(n) for n in re.findall(r'href="/deals/(\d+)/"', listed)}
        assert shown == {d.pk for d in deals}

    assert max(banks) > 0, "the seeds give Vera no bank to win: the biggest bank is not checked"

    # He leaves the second club: off its board, his page there keeps his figures, the first untouched.
    table_leave(session_id=there.pk, user=vera)
    membership_leave(club=other, user=vera)
    gone = Membership.objects.get(club=other, user=vera)
    assert vera not in [r.member.user for r in leaderboard(club=other, period="all")]
    page = _client(gleb).get(f"/clubs/{other.slug}/players/{vera.username}/")
    assert page.status_code == 200
    assert player_totals(membership=gone).deals == _by_hand(gone, deals_there)["deals"]
    assert vera in [r.member.user for r in leaderboard(club=club, period="all")]
    # Gone, he reads none of that club's pages.
    for path in (
        f"/clubs/{other.slug}/leaderboard/",
        f"/deals/{deals_there[0].pk}/",
        f"/deals/{deals_there[0].pk}/replay/",
        f"/deals/{deals_there[0].pk}/export.json",
    ):
        assert _client(vera).get(path).status_code == 404, path
