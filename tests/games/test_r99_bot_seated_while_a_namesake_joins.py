"""Review 99: a bot seated while a person of its name joined the club. The bot's name avoided the
club's people as read before her membership was committed, and her join checked the club's bots
before the bot's seat was: both went through, and the move log said "Mila" of the bot and of her.
Seating a bot (a manager's, or a practice table's three) now holds the club's row first, as an
entry into a club and a rename hold it, so one waits for the other and sees it."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections, transaction

from club import services as club_services
from club.models import Club, Membership
from games.models import Seat
from games.services import table_bot_add

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"),
]


def _someone_waits_for_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
        return cursor.fetchone()[0] > 0


def test_a_bot_seated_while_its_namesake_joins_takes_another_name(
    club, owner, players, make_table, make_user
):
    table = make_table()
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.OPEN)
    club.refresh_from_db()
    mila = make_user("mila99", display_name="Mila")
    joined, seated = threading.Event(), threading.Event()
    problems: list = []

    def join() -> None:
        try:
            with transaction.atomic():
                club_services.membership_join(club=club, user=mila)
                joined.set()
                # Committed once the bot is seated, or is seen waiting for this join's lock.
                while not seated.is_set() and not _someone_waits_for_a_lock():
                    seated.wait(0.01)
        except Exception as exc:
            problems.append(exc)
        finally:
            joined.set()
            connections.close_all()

    def seat_a_bot() -> None:
        try:
            joined.wait(30)
            table_bot_add(session_id=table.pk, actor=owner, position=1, buy_in=200)
        except Exception as exc:
            problems.append(exc)
        finally:
            seated.set()
            connections.close_all()

    threads = [threading.Thread(target=join), threading.Thread(target=seat_a_bot)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a racing thread hung"
    assert not problems, problems
    assert Membership.objects.filter(club=club, user=mila, status=Membership.Status.ACTIVE).exists()
    assert Seat.objects.get(session=table, position=1).bot_name not in ("Mila", "")
