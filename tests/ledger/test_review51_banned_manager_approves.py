"""Review 51, held: a second manager banned or demoted by the owner while his approval of a waiting
grant waits for the member's row (a table dealing the member in holds it) books nothing: his right to
decide is read after the wait (``ledger.services.adjustments._deciding``), so the owner's decision,
committed first, stands; an approval that came first books before it."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction

from club import services as club_services
from club.errors import ServiceError
from club.models import AuditLog, Membership
from ledger.models import Journal
from ledger.services import adjustment_approve, chips_adjust

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"),
]


def _waiting() -> int:
    with connection.cursor() as cur:
        cur.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cur.fetchone()[0]


@pytest.mark.parametrize("owner_does", ["ban", "demote"])
def test_a_manager_banned_while_his_approval_waits_books_nothing(club, owner, member_factory, owner_does):
    second = member_factory(role=Membership.Role.MANAGER)
    member = member_factory()
    adjustment = chips_adjust(
        member=member, kind="grant", amount=7_000, actor=owner, reason="prize", idempotency_key="r51"
    ).adjustment
    assert adjustment is not None
    held, release = threading.Event(), threading.Event()
    results: dict[str, object] = {}

    def blocker() -> None:
        try:
            with transaction.atomic():
                list(Membership.objects.select_for_update(no_key=True).filter(pk=member.pk).values("pk"))
                held.set()
                release.wait(30)
        finally:
            connection.close()

    def run(name, call) -> None:
        try:
            results[name] = call()
        except ServiceError as exc:
            results[name] = exc
        finally:
            connection.close()

    def owners() -> Membership:
        row = Membership.objects.get(pk=second.pk)
        if owner_does == "ban":
            return club_services.membership_ban(membership=row, actor=owner, reason="gone")
        return club_services.membership_set_role(membership=row, actor=owner, role="member")

    threads = [threading.Thread(target=blocker)]
    threads[0].start()
    assert held.wait(10)
    approval = threading.Thread(
        target=run,
        args=("approve", lambda: adjustment_approve(adjustment_id=adjustment.pk, actor=second.user)),
    )
    approval.start()
    threads.append(approval)
    try:
        for _ in range(400):  # the approval waits for the member's row
            if _waiting() >= 1:
                break
            time.sleep(0.025)
        decision = threading.Thread(target=run, args=("owner", owners))
        decision.start()
        threads.append(decision)
        # The owner's decision either commits at once (nothing of the approver's was held) or waits
        # for the approval under way, which holds the approver's row.
        for _ in range(400):
            if "owner" in results or _waiting() >= 2:
                break
            time.sleep(0.025)
    finally:
        release.set()
        for thread in threads:
            thread.join(30)
    assert not any(thread.is_alive() for thread in threads)
    assert isinstance(results["owner"], Membership), results
    if isinstance(results["approve"], ServiceError):
        assert not Journal.objects.filter(
            kind="grant", idempotency_key=f"adjustment:{adjustment.pk}"
        ).exists()
        return
    # Booked: then it was decided while he still managed, before the owner's decision.
    order = list(
        AuditLog.objects.filter(
            club=club, action__in=["chips.adjustment_approved", "membership.banned", "membership.demoted"]
        )
        .order_by("pk")
        .values_list("action", flat=True)
    )
    assert order[0] == "chips.adjustment_approved", order
