"""Inactivity, by time travel: a table whose seated people show no sign of life for ten minutes
finishes its deal and stands everyone up (chips back to wallets); members who have not played for 90
days are marked dormant for managers, and playing again clears it."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.test import Client
from django.utils import timezone

from club.models import AuditLog, Membership
from games.jobs_inactivity import (
    members_mark_dormant,
    table_idle_stand_up,
    tables_idle_due,
    tables_idle_sweep,
)
from games.models import Deal, DealAction, Presence, Seat
from games.services import table_act, table_bot_add, tables_tick
from games.services.dealing import deal_state
from games.tasks import members_dormant_job, tables_idle_sweep_job
from ledger.models import Account
from ledger.services import account_wallet, ledger_verify

from .conftest import sit_all, start_deal
from .test_stats import travel


def _wallet(club, user) -> int:
    account = account_wallet(membership=Membership.objects.get(club=club, user=user))
    return Account.objects.get(pk=account.pk).balance


def _finish(deal: Deal, start: datetime) -> None:
    """Run the clock from ``start`` on until the deal is over (every move a timeout or a bot's)."""
    for second in range(1, 3000):
        deal.refresh_from_db()
        if deal.is_over:
            return
        tables_tick(start + timedelta(seconds=second * 31))
    raise AssertionError("the deal did not end")


def test_a_table_nobody_attends_finishes_its_deal_and_stands_everyone_up(make_table, players, owner):
    table = make_table(seats=3)
    sit_all(table, players[:2])
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    deal = start_deal(table)
    now = timezone.now()
    assert tables_idle_due(now + timedelta(minutes=9)) == []
    later = now + timedelta(minutes=11)
    assert tables_idle_due(later) == [table.pk]
    # A socket still open and beating keeps the table; a stale count (a crashed server) does not.
    presence = Presence.objects.create(session=table, user=players[0], connections=1, last_seen_at=later)
    assert tables_idle_due(later) == []
    Presence.objects.filter(pk=presence.pk).update(last_seen_at=later - timedelta(minutes=10, seconds=1))
    assert tables_idle_due(later) == [table.pk]

    assert tables_idle_sweep_job.apply().get() == 0  # by the real clock it is not idle yet
    assert tables_idle_sweep(later) == 1
    assert table_idle_stand_up(session_id=table.pk, now=later) is False, "a second run changes nothing"
    seats = {s.position: s for s in Seat.objects.filter(session=table)}
    assert all(s.leave_after_deal for s in seats.values()) and all(
        s.status != Seat.Status.LEFT for s in seats.values()
    )
    assert seats[0].status == seats[1].status == Seat.Status.AWAY
    deal.refresh_from_db()
    assert deal.deadline is not None and deal.deadline <= later, "the acting seat moves at once"
    _finish(deal, later)
    assert set(Seat.objects.filter(session=table).values_list("status", flat=True)) == {Seat.Status.LEFT}
    assert not Deal.objects.filter(session=table, finished_at__isnull=True).exists()
    for user in players[:2]:
        stack = Account.objects.get(kind=Account.Kind.STACK, table=table, member__user=user)
        assert stack.balance == 0
        assert _wallet(table.club, user) > 0
    assert AuditLog.objects.filter(action="table.abandoned", club=table.club).count() == 1
    assert not ledger_verify()[0]


def test_a_table_without_a_deal_stands_everyone_up_at_once(make_table, players):
    table = make_table(seats=4, min_players=3)  # two seated: no deal
    sit_all(table, players[:2])
    assert _wallet(table.club, players[0]) == 800
    later = timezone.now() + timedelta(minutes=10, seconds=1)
    assert table_idle_stand_up(session_id=table.pk, now=later) is True
    assert set(Seat.objects.filter(session=table).values_list("status", flat=True)) == {Seat.Status.LEFT}
    assert _wallet(table.club, players[0]) == _wallet(table.club, players[1]) == 1000
    assert tables_idle_due(later) == []


def test_a_move_by_form_is_a_sign_of_life(make_table, players):
    """A player without JavaScript (no socket, so no presence) who moves is there."""
    table = make_table(turn_seconds=600)
    sit_all(table, players[:2])
    deal = start_deal(table)
    state = deal_state(deal)
    seat = state.queue[0]
    from games.engine import observe
    from games.engine.bots import BasicBot

    action = BasicBot(seed=1).choose(observe(state, seat))
    user = Seat.objects.get(pk=deal.players[seat]).member.user
    table_act(session_id=table.pk, user=user, action=action, expected_seq=0)
    moved_at = DealAction.objects.get(deal=deal, seq=1).created_at
    assert tables_idle_due(moved_at + timedelta(minutes=9, seconds=59)) == []
    assert tables_idle_due(moved_at + timedelta(minutes=10, seconds=1)) == [table.pk]


def test_members_without_play_for_90_days_are_dormant_until_they_play(
    make_table, players, owner, play_deals, monkeypatch
):
    vera, gleb, dasha, ivan = players
    club_members = Membership.objects.filter(user__in=players)
    with travel(monkeypatch, -timedelta(days=100)):
        table = make_table()
        sit_all(table, [vera, gleb])
        play_deals(table, [vera, gleb], 1)
    with travel(monkeypatch, -timedelta(days=10)):
        other = make_table()
        sit_all(other, [gleb, ivan])
        play_deals(other, [gleb, ivan], 1)
    Membership.objects.filter(user__in=[vera, gleb, dasha]).update(
        created_at=timezone.now() - timedelta(days=120)
    )
    AuditLog.objects.filter(action="membership.joined", target_user__in=[vera, gleb, dasha]).update(
        created_at=timezone.now() - timedelta(days=120)
    )
    # Vera last played 100 days ago, Gleb 10 days ago; Dasha never (a member for 120 days); Ivan and
    # the owner joined today.
    summary = members_dormant_job.apply().get()
    assert summary == {"marked": 2, "woken": 0}
    dormant = set(club_members.filter(dormant_since__isnull=False).values_list("user__username", flat=True))
    assert dormant == {vera.username, dasha.username}
    audit = AuditLog.objects.get(action="membership.dormant", club=table.club)
    assert sorted(audit.data["members"]) == sorted(dormant)
    assert members_mark_dormant()["marked"] == 0, "marked once"
    assert Membership.objects.filter(user__in=players).count() == 4, "nothing deleted"

    page = Client()
    page.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    html = page.get(f"/clubs/{table.club.slug}/").content.decode()
    assert 'id="dormant-list"' in html and f"@{dasha.username}" in html.split('id="dormant-list"')[1]
    member_view = Client()
    member_view.force_login(ivan, backend="django.contrib.auth.backends.ModelBackend")
    assert 'id="dormant-list"' not in member_view.get(f"/clubs/{table.club.slug}/").content.decode()

    play_deals(table, [vera, gleb], 1)  # Vera plays again: the stats task wakes her up
    assert not club_members.get(user=vera).dormant_since
    assert members_mark_dormant() == {"marked": 0, "woken": 0}
