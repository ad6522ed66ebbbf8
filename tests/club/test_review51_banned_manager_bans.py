"""Review 51: a manager banned (or demoted) by the owner while his own ban of a member waited for
that member's row (a table dealing the member in, another manager's action on him) still banned the
member once the row came free: his right to act was read before the wait and never again. It is read
again under the lock, with his own row held beside the member's (both in id order, as a grant holds
them since review 18), so the owner's decision, committed first, stands."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction

from club import services
from club.errors import ServiceError
from club.models import AuditLog, Membership

from .conftest import m

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
def test_a_manager_banned_while_his_ban_waits_bans_nobody(club, owner, manager, member, owner_does):
    target = m(club, member)
    held, release = threading.Event(), threading.Event()
    results: dict[str, object] = {}

    def blocker() -> None:
        # Someone else holds the member's row (as a table dealing him in, or another manager, would).
        try:
            with transaction.atomic():
                list(Membership.objects.select_for_update(no_key=True).filter(pk=target.pk).values("pk"))
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
        if owner_does == "ban":
            return services.membership_ban(membership=m(club, manager), actor=owner, reason="gone")
        return services.membership_set_role(membership=m(club, manager), actor=owner, role="member")

    threads = [threading.Thread(target=blocker)]
    threads[0].start()
    assert held.wait(10)
    ban = threading.Thread(
        target=run,
        args=("ban", lambda: services.membership_ban(membership=target, actor=manager, reason="rival")),
    )
    ban.start()
    threads.append(ban)
    try:
        for _ in range(400):  # the manager's ban waits for the member's row
            if _waiting() >= 1:
                break
            time.sleep(0.025)
        decision = threading.Thread(target=run, args=("owner", owners))
        decision.start()
        threads.append(decision)
        # The owner's decision either commits (the old way: nothing of the manager's was held) or
        # waits for the manager's ban, which holds the manager's row (his ban comes first).
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
    if isinstance(results["ban"], ServiceError):
        assert m(club, member).status == Membership.Status.ACTIVE
        return
    # The ban stood: then it was decided while he still managed, before the owner's decision.
    order = list(
        AuditLog.objects.filter(club=club, action__in=["membership.banned", "membership.demoted"])
        .order_by("pk")
        .values_list("actor_id", flat=True)
    )
    assert order == [manager.pk, owner.pk], order
