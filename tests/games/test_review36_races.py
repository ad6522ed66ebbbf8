"""Review 36: money under races, with real connections lined up by a Barrier."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.core.management import call_command
from django.db.models import Sum

from club import services as club_services
from club.models import Membership, User
from games.models import Seat, TableSession
from games.services import table_sit
from games.services.schedule import session_cancel
from ledger.models import Account, ChipRequest, Journal
from ledger.selectors import wallet_balance
from ledger.services import chips_grant
from ledger.services.adjustments import chips_request, chips_request_answer

from .races import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ROUNDS = 4


def _race(*calls: Callable[[], object]) -> list[object]:
    return race(*calls, refusal=lambda exc: exc.code or "refused")


def _clear(results: list[object]) -> None:
    bad = [r for r in results if isinstance(r, str) and ("Error(" in r or "Exception" in r)]
    assert not bad, results


def _total(club) -> int:
    return Account.objects.filter(club=club).aggregate(s=Sum("balance"))["s"] or 0


def _member(make_user, club, owner, name: str, chips: int) -> User:
    user = make_user(name)
    club_services.membership_join(club=club, user=user)
    if chips:
        chips_grant(
            membership=Membership.objects.get(club=club, user=user), amount=chips, actor=owner, reason="r"
        )
    return user


def test_one_wallet_bought_in_at_two_tables_at_once(make_table, make_user, club, owner):
    for n in range(ROUNDS):
        user = _member(make_user, club, owner, f"twice{n}", 600)
        one, two = make_table(), make_table()
        results = _race(
            lambda one=one, user=user: table_sit(session_id=one.pk, user=user, position=0, buy_in=400),
            lambda two=two, user=user: table_sit(session_id=two.pk, user=user, position=0, buy_in=400),
        )
        _clear(results)
        seats = Seat.objects.filter(member__user=user).exclude(status=Seat.Status.LEFT).count()
        assert seats == 1, results
        membership = Membership.objects.get(club=club, user=user)
        assert wallet_balance(membership=membership) == 200
    assert _total(club) == 0
    call_command("ledger_check")


def test_a_chip_request_granted_and_refused_at_once(club, owner, make_user):
    second = make_user("second36")
    Membership.objects.create(club=club, user=second, role=Membership.Role.MANAGER)
    for n in range(ROUNDS):
        user = _member(make_user, club, owner, f"asker{n}", 0)
        member = Membership.objects.get(club=club, user=user)
        asked = chips_request(member=member, amount=50)
        results = _race(
            lambda asked=asked, n=n: chips_request_answer(
                request_id=asked.pk, actor=owner, grant=True, answer="yes", idempotency_key=f"a{n}"
            ),
            lambda asked=asked, n=n: chips_request_answer(
                request_id=asked.pk, actor=second, grant=False, answer="no", idempotency_key=f"b{n}"
            ),
        )
        _clear(results)
        asked.refresh_from_db()
        granted = Journal.objects.filter(idempotency_key=f"a{n}").exists()
        assert granted == (asked.status == ChipRequest.Status.GRANTED), results
        assert wallet_balance(membership=member) == (50 if granted else 0)
    call_command("ledger_check")


def test_a_table_cancelled_while_someone_sits_down(make_table, make_user, club, owner):
    for n in range(ROUNDS):
        user = _member(make_user, club, owner, f"sitter{n}", 500)
        early = _member(make_user, club, owner, f"early{n}", 500)
        table = make_table()
        table_sit(session_id=table.pk, user=early, position=1, buy_in=200)
        results = _race(
            lambda table=table, user=user: table_sit(session_id=table.pk, user=user, position=0, buy_in=300),
            lambda table=table: session_cancel(session_id=table.pk, actor=owner),
        )
        _clear(results)
        table.refresh_from_db()
        assert table.status == TableSession.Status.CANCELLED, results
        assert not Seat.objects.filter(session=table).exclude(status=Seat.Status.LEFT).exists()
        for who in (user, early):
            assert wallet_balance(membership=Membership.objects.get(club=club, user=who)) == 500, results
    assert _total(club) == 0
    call_command("ledger_check")


def test_a_buy_in_racing_a_ban_and_a_grant(make_table, make_user, club, owner):
    for n in range(ROUNDS):
        user = _member(make_user, club, owner, f"banned{n}", 500)
        member = Membership.objects.get(club=club, user=user)
        table = make_table()
        results = _race(
            lambda table=table, user=user: table_sit(session_id=table.pk, user=user, position=0, buy_in=300),
            lambda member=member: club_services.membership_ban(membership=member, actor=owner, reason="race"),
            lambda member=member: chips_grant(membership=member, amount=10, actor=owner, reason="race"),
        )
        _clear(results)
        assert not Seat.objects.filter(session=table, member=member).exclude(status=Seat.Status.LEFT).exists()
        at_tables = Account.objects.filter(member=member).exclude(table=None).aggregate(s=Sum("balance"))["s"]
        assert at_tables in (0, None)
    assert _total(club) == 0
    call_command("ledger_check")


def _reversal_race(make_table, players, owner, club, make_user, other: str) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Report
    from games.services import table_leave
    from games.services.reports import report_create, report_resolve
    from games.services.schedule import session_end
    from ledger.services.reconcile import ledger_verify

    from .conftest import sit_all
    from .test_reversal_holds import _released, _settled

    anna = make_user("anna36")
    Membership.objects.create(club=club, user=anna, role=Membership.Role.MANAGER)
    before = _total(club)
    table = make_table(ends_at=timezone.now() + timedelta(days=1))
    sit_all(table, players, buy_in=500)
    settle = _settled(table, players)
    who = _released(settle).user
    reporter = next(p for p in players if p != who)
    report = report_create(deal_id=settle.deal_id, user=reporter, reason="bug")
    if other == "leave":
        second = lambda: table_leave(session_id=table.pk, user=who)  # noqa: E731
    else:
        TableSession.objects.filter(pk=table.pk).update(ends_at=timezone.now())
        second = lambda: session_end(session_id=table.pk, now=timezone.now() + timedelta(days=2))  # noqa: E731
    results = _race(
        lambda: report_resolve(
            report_id=report.pk, actor=anna, note="back", outcome="reverse", journal=settle
        ),
        second,
    )
    _clear(results)
    assert ledger_verify()[0] == [], results
    assert _total(club) == before
    report.refresh_from_db()
    assert report.status in (Report.Status.RESOLVED, Report.Status.OPEN), results
    call_command("ledger_check")


@pytest.mark.parametrize("other", ["leave", "end"])
def test_a_settlement_moved_back_while_the_winner_cashes_out_or_the_table_ends(
    make_table, players, owner, club, make_user, other
):
    _reversal_race(make_table, players, owner, club, make_user, other)


@pytest.mark.parametrize("gone", ["leave", "ban"])
def test_a_big_grant_approved_by_two_managers_while_the_member_goes(club, owner, make_user, make_table, gone):
    from ledger.models import Adjustment
    from ledger.services.adjustments import adjustment_approve, chips_adjust

    managers = [make_user(f"mgr36{gone}{k}") for k in range(2)]
    for m in managers:
        Membership.objects.create(club=club, user=m, role=Membership.Role.MANAGER)
    for n in range(ROUNDS):
        user = _member(make_user, club, owner, f"goer{gone}{n}", 500)
        member = Membership.objects.get(club=club, user=user)
        table = make_table()
        table_sit(session_id=table.pk, user=user, position=0, buy_in=300)
        adjustment = chips_adjust(
            member=member,
            kind="grant",
            amount=50_000,
            actor=owner,
            reason="big",
            idempotency_key=f"big{gone}{n}",
        ).adjustment
        assert adjustment is not None

        def going(member=member, user=user) -> object:
            if gone == "leave":
                return club_services.membership_leave(club=club, user=user)
            return club_services.membership_ban(membership=member, actor=owner, reason="race")

        results = _race(
            *(lambda m=m, a=adjustment: adjustment_approve(adjustment_id=a.pk, actor=m) for m in managers),
            going,
        )
        _clear(results)
        adjustment.refresh_from_db()
        assert (
            Journal.objects.filter(kind="grant", idempotency_key=f"adjustment:{adjustment.pk}").count() <= 1
        )
        member.refresh_from_db()
        assert not Seat.objects.filter(member=member).exclude(status=Seat.Status.LEFT).exists()
        assert (adjustment.status == Adjustment.Status.APPROVED) == (adjustment.journal_id is not None)
    assert _total(club) == 0
    call_command("ledger_check")
