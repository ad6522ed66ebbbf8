"""Review 36: a member leaving the club (or banned) while seated at two tables, as one of them closes.

The leave stood him up table by table: the first table's stand-up took his wallet, then it waited
for the second table's row, which a manager cancelling that table held while waiting for his wallet.
PostgreSQL failed the leave with "deadlock detected" (a 500 for the member). Every table's row is
now taken before the first stand-up. Made certain with a third connection holding the other player's
wallet, so the cancel holds its table and waits until the leave has taken his wallet and waits too.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.core.management import call_command
from django.db import connection, transaction

from club import services as club_services
from club.errors import ServiceError
from club.models import Membership
from games.models import Seat
from games.services import table_sit
from games.services.schedule import session_cancel
from ledger.models import Account
from ledger.services import chips_grant

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _waiting() -> int:
    with connection.cursor() as cur:
        cur.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cur.fetchone()[0]


def _until(n: int) -> None:
    for _ in range(400):
        if _waiting() >= n:
            return
        time.sleep(0.025)
    raise AssertionError(f"{n} waiters never came")


@pytest.mark.parametrize("how", ["leave", "ban"])
def test_leaving_the_club_while_one_of_his_tables_is_cancelled(make_table, make_user, club, owner, how):
    people = []
    for name in (f"pavel36{how}", f"goer36{how}"):
        u = make_user(name)
        club_services.membership_join(club=club, user=u)
        chips_grant(
            membership=Membership.objects.get(club=club, user=u), amount=1000, actor=owner, reason="r"
        )
        people.append(u)
    pavel, goer = people
    a, b = make_table(), make_table()
    table_sit(session_id=a.pk, user=goer, position=0, buy_in=300)
    table_sit(session_id=b.pk, user=pavel, position=0, buy_in=300)
    table_sit(session_id=b.pk, user=goer, position=1, buy_in=300)
    pavel_wallet = Account.objects.get(member__user=pavel, kind="wallet")
    goer_wallet = Account.objects.get(member__user=goer, kind="wallet")
    assert pavel_wallet.pk < goer_wallet.pk
    held, release = threading.Event(), threading.Event()
    results = {}

    def blocker():
        with transaction.atomic():
            list(Account.objects.select_for_update().filter(pk=pavel_wallet.pk).values_list("pk"))
            held.set()
            release.wait(30)
        connection.close()

    def run(name, call):
        try:
            results[name] = call()
        except ServiceError as exc:
            results[name] = exc.code
        except Exception as exc:
            results[name] = repr(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=blocker)]
    threads[0].start()
    held.wait(10)
    t = threading.Thread(target=run, args=("cancel", lambda: session_cancel(session_id=b.pk, actor=owner)))
    t.start()
    threads.append(t)
    _until(1)
    goer_member = Membership.objects.get(club=club, user=goer)

    def gone():
        if how == "leave":
            return club_services.membership_leave(club=club, user=goer)
        return club_services.membership_ban(membership=goer_member, actor=owner, reason="race")

    t = threading.Thread(target=run, args=("leave", gone))
    t.start()
    threads.append(t)
    _until(2)
    release.set()
    for t in threads:
        t.join(60)
    assert all(not isinstance(r, str) for r in results.values()), results
    goer_member.refresh_from_db()
    assert goer_member.status != Membership.Status.ACTIVE
    assert not Seat.objects.filter(member=goer_member).exclude(status=Seat.Status.LEFT).exists()
    for user in (pavel, goer):
        assert Account.objects.get(member__user=user, kind="wallet").balance == 1000
    assert sum(Account.objects.filter(club=club).values_list("balance", flat=True)) == 0
    call_command("ledger_check")
