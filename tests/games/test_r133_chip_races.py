"""Review 133: chips moved by two people at the same moment, on real PostgreSQL connections."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db.models import Sum
from django.utils import timezone

from club import services as club_services
from club.errors import ServiceError
from club.models import Membership
from games.engine import apply, observe
from games.engine.bots import BasicBot
from games.models import Seat, TableSession
from games.services import dealing, table_act, table_leave, table_sit
from games.services.schedule import session_cancel
from games.services.seating import table_stand_up
from ledger.models import Account, ChipRequest, Journal
from ledger.selectors import wallet_balance
from ledger.services import chips_revoke
from ledger.services.adjustments import chips_request, chips_request_answer
from ledger.services.reconcile import ledger_verify

from .conftest import sit_all, start_deal
from .races import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _race(*calls: Callable[[], object]) -> list[object]:
    return race(*calls)


def _clean(results: list[object]) -> None:
    bad = [r for r in results if isinstance(r, str)]
    assert not bad, results


def _total(club) -> int:
    return Account.objects.filter(club=club).aggregate(s=Sum("balance"))["s"] or 0


def _books_clean(club) -> None:
    assert ledger_verify()[0] == []
    assert _total(club) == 0
    assert not Account.objects.filter(balance__lt=0).exclude(kind=Account.Kind.TREASURY).exists()
    call_command("ledger_check")


def test_two_tabs_sit_at_two_seats_of_one_table_with_the_whole_wallet(make_table, players, club):
    vera = players[0]
    table = make_table()
    results = _race(
        lambda: table_sit(session_id=table.pk, user=vera, position=0, buy_in=500),
        lambda: table_sit(session_id=table.pk, user=vera, position=1, buy_in=500),
    )
    _clean(results)
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(refused) == 1 and refused[0].code == "already_seated", results
    assert Seat.objects.filter(session=table, member__user=vera).count() == 1
    assert wallet_balance(membership=Membership.objects.get(club=club, user=vera)) == 500
    _books_clean(club)


def _to_last_move(table, players):
    deal = start_deal(table)
    by_seat = {
        i: Seat.objects.select_related("member__user").get(pk=s).member.user
        for i, s in enumerate(deal.players)
    }
    while True:
        deal.refresh_from_db()
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        action = BasicBot(seed=deal.seq).choose(observe(state, seat))
        # Looked ahead on the engine: the move that ends the deal is left for the race.
        after, _events = apply(state, seat, action)
        if after.phase == "over":
            return deal, by_seat[seat], action
        table_act(session_id=table.pk, user=by_seat[seat], action=action, expected_seq=deal.seq)


@pytest.mark.parametrize("who", ["mover", "other"])
def test_a_leave_racing_the_settling_move(make_table, players, club, who):
    table = make_table()
    sit_all(table, players)
    deal, mover, action = _to_last_move(table, players)
    leaver = mover if who == "mover" else next(p for p in players if p != mover)
    results = _race(
        lambda: table_act(session_id=table.pk, user=mover, action=action, expected_seq=deal.seq),
        lambda: table_leave(session_id=table.pk, user=leaver),
    )
    _clean(results)
    deal.refresh_from_db()
    assert deal.is_over, results
    seat = Seat.objects.get(session=table, member__user=leaver)
    assert seat.status == Seat.Status.LEFT, results
    stack = Account.objects.get(kind="stack", member__user=leaver, table_id=table.pk)
    assert stack.balance == 0
    _books_clean(club)


def test_a_manager_stands_a_player_up_as_he_leaves(make_table, players, club, owner):
    table = make_table()
    sit_all(table, players[:2])
    seat = Seat.objects.get(session=table, position=0)
    results = _race(
        # The seat as the manager's page shows it (the form sends its id).
        lambda: table_stand_up(session_id=table.pk, actor=owner, position=0, reason="rude", seat_id=seat.pk),
        lambda: table_leave(session_id=table.pk, user=players[0]),
    )
    _clean(results)
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(refused) == 1 and refused[0].done, [getattr(r, "message", r) for r in results]
    assert wallet_balance(membership=Membership.objects.get(club=club, user=players[0])) == 1000
    _books_clean(club)


def test_a_table_left_as_it_is_cancelled(make_table, players, club, owner):
    table = make_table()
    sit_all(table, players[:1])
    results = _race(
        lambda: session_cancel(session_id=table.pk, actor=owner),
        lambda: table_leave(session_id=table.pk, user=players[0]),
    )
    _clean(results)
    table.refresh_from_db()
    assert table.status == TableSession.Status.CANCELLED
    assert wallet_balance(membership=Membership.objects.get(club=club, user=players[0])) == 1000
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert all(r.done for r in refused), [getattr(r, "message", r) for r in results]
    _books_clean(club)


def test_leaving_the_club_as_he_leaves_the_table(make_table, players, club):
    table = make_table()
    sit_all(table, players[:2])
    results = _race(
        lambda: club_services.membership_leave(club=club, user=players[0]),
        lambda: table_leave(session_id=table.pk, user=players[0]),
    )
    _clean(results)
    assert not Seat.objects.filter(session=table, member__user=players[0]).exclude(status="left").exists()
    _books_clean(club)


def test_one_request_granted_by_two_managers_at_once(club, owner, players, make_user):
    second = make_user("second133")
    Membership.objects.create(club=club, user=second, role=Membership.Role.MANAGER)
    member = Membership.objects.get(club=club, user=players[1])
    asked = chips_request(member=member, amount=50)
    results = _race(
        lambda: chips_request_answer(
            request_id=asked.pk, actor=owner, grant=True, answer="", idempotency_key="a" * 32
        ),
        lambda: chips_request_answer(
            request_id=asked.pk, actor=second, grant=True, answer="", idempotency_key="b" * 32
        ),
    )
    _clean(results)
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(refused) == 1, results
    assert Journal.objects.filter(kind="grant", idempotency_key__in=["a" * 32, "b" * 32]).count() == 1
    asked.refresh_from_db()
    assert asked.status == ChipRequest.Status.GRANTED
    assert wallet_balance(membership=member) == 1050
    _books_clean(club)


def test_the_whole_wallet_taken_back_as_he_sits(make_table, players, club, owner):
    table = make_table(buy_in_max=1000)
    member = Membership.objects.get(club=club, user=players[0])
    results = _race(
        lambda: chips_revoke(membership=member, amount=1000, actor=owner, reason="r"),
        lambda: table_sit(session_id=table.pk, user=players[0], position=0, buy_in=1000),
    )
    _clean(results)
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(refused) == 1, results
    # Whichever came first, the other is told what the wallet holds now.
    assert "holds 0" in refused[0].message or "You have 0 chips" in refused[0].message, refused[0].message
    _books_clean(club)


def test_two_grants_to_a_new_member_open_one_wallet(club, owner, make_user):
    second = make_user("second133g")
    Membership.objects.create(club=club, user=second, role=Membership.Role.MANAGER)
    newcomer = make_user("new133")
    club_services.membership_join(club=club, user=newcomer)
    member = Membership.objects.get(club=club, user=newcomer)
    assert not Account.objects.filter(member=member).exists()
    from ledger.services import chips_grant

    results = _race(
        lambda: chips_grant(membership=member, amount=30, actor=owner, reason="welcome"),
        lambda: chips_grant(membership=member, amount=20, actor=second, reason="welcome"),
    )
    _clean(results)
    assert not [r for r in results if isinstance(r, ServiceError)], results
    assert Account.objects.filter(member=member, kind="wallet").count() == 1
    assert wallet_balance(membership=member) == 50
    _books_clean(club)


def test_the_clock_settles_a_deal_as_a_player_leaves_the_club(make_table, players, club):
    from games.services import tables_tick

    table = make_table()
    sit_all(table, players)
    deal, mover, _action = _to_last_move(table, players)
    leaver = next(p for p in players if p != mover)
    late = timezone.now() + timedelta(minutes=10)
    results = _race(
        lambda: tables_tick(late),
        lambda: club_services.membership_leave(club=club, user=leaver),
    )
    _clean(results)
    tables_tick(late + timedelta(minutes=10))
    deal.refresh_from_db()
    assert deal.is_over, results
    assert Seat.objects.get(session=table, member__user=leaver).status == Seat.Status.LEFT
    assert Account.objects.get(kind="stack", member__user=leaver, table_id=table.pk).balance == 0
    _books_clean(club)
