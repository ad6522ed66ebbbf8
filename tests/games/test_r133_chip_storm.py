"""Review 133: many people moving chips at once in one club, each on a PostgreSQL connection of his
own: whatever order the operations land in, no one is answered with a database error, and the books
stay whole."""

from __future__ import annotations

import random
import threading
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.models import Sum
from django.utils import timezone

from club import services as club_services
from club.errors import ServiceError
from club.models import Membership
from games.models import Seat
from games.services import table_leave, table_sit, tables_tick
from games.services.schedule import session_cancel
from games.services.seating import table_stand_up
from ledger.models import Account
from ledger.services import chips_grant, chips_revoke
from ledger.services.reconcile import ledger_reconcile_run, ledger_verify

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

THREADS = 6
OPS = (
    ["sit"] * 6
    + ["leave"] * 2
    + ["grant", "revoke", "stand", "cancel", "tick"]
    + ["clock"] * 6
    + ["ban", "unban", "quit", "rejoin"]
)
ROUNDS = 60


@pytest.mark.parametrize("seed", [133, 7, 42])
def test_a_storm_of_chip_movements(make_table, players, club, owner, seed):
    tables = [make_table() for _ in range(3)]
    members = list(players)
    failures: list[str] = []
    done: dict[str, int] = {}
    said: dict[str, set[str]] = {}
    barrier = threading.Barrier(THREADS + 1, timeout=60)

    def work(i: int) -> None:
        rng = random.Random(seed * 100 + i)
        try:
            with connection.cursor() as cursor:
                cursor.execute("SET lock_timeout = '20s'")
            barrier.wait()
            for _n in range(ROUNDS):
                user = rng.choice(members)
                table = rng.choice(tables)
                op = rng.choice(OPS)
                try:
                    if op == "sit":
                        table_sit(
                            session_id=table.pk,
                            user=user,
                            position=rng.randrange(4),
                            buy_in=rng.choice([100, 300, 500]),
                        )
                    elif op == "leave":
                        table_leave(session_id=table.pk, user=user)
                    elif op == "grant":
                        chips_grant(
                            membership=Membership.objects.get(club=club, user=user),
                            amount=rng.randint(1, 50),
                            actor=owner,
                            reason="storm",
                        )
                    elif op == "revoke":
                        chips_revoke(
                            membership=Membership.objects.get(club=club, user=user),
                            amount=rng.randint(1, 400),
                            actor=owner,
                            reason="storm",
                        )
                    elif op == "stand":
                        table_stand_up(
                            session_id=table.pk, actor=owner, position=rng.randrange(4), reason="storm"
                        )
                    elif op == "cancel" and rng.random() < 0.05:
                        session_cancel(session_id=table.pk, actor=owner)
                    elif op == "tick":
                        tables_tick()
                    elif op == "clock":
                        tables_tick(timezone.now() + timedelta(minutes=rng.randint(1, 30)))
                    elif op == "ban" and rng.random() < 0.3:
                        club_services.membership_ban(
                            membership=Membership.objects.get(club=club, user=user),
                            actor=owner,
                            reason="storm",
                        )
                    elif op == "unban":
                        club_services.membership_unban(
                            membership=Membership.objects.get(club=club, user=user), actor=owner
                        )
                    elif op == "quit" and rng.random() < 0.3:
                        club_services.membership_leave(club=club, user=user)
                    elif op == "rejoin":
                        club_services.membership_join(club=club, user=user)
                    done[op] = done.get(op, 0) + 1
                except ServiceError as exc:
                    said.setdefault(op, set()).add(str(exc.message)[:90])
                except Exception as exc:
                    failures.append(f"{op}: {exc!r}")
        except Exception as exc:
            failures.append(repr(exc))
        finally:
            connection.close()

    def checker() -> None:
        try:
            barrier.wait()
            for _n in range(5):
                run = ledger_reconcile_run()
                if not run.ok:
                    failures.append(f"reconcile: {run.differences}")
        except Exception as exc:
            failures.append(f"reconcile: {exc!r}")
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(i,), daemon=True) for i in range(THREADS)]
    threads.append(threading.Thread(target=checker, daemon=True))
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not any(t.is_alive() for t in threads)
    assert done.get("sit") and done.get("clock"), (done, said)  # the storm moved chips
    assert failures == []
    assert ledger_verify()[0] == []
    assert (Account.objects.filter(club=club).aggregate(s=Sum("balance"))["s"] or 0) == 0
    assert not Account.objects.filter(balance__lt=0).exclude(kind=Account.Kind.TREASURY).exists()
    assert (
        Seat.objects.exclude(status="left").filter(session__status__in=["cancelled", "finished"]).count() == 0
    )
    call_command("ledger_check")
