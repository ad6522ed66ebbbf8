"""Review 91: a member renames himself to a name that reads like a newcomer's (``Vеra``, a Cyrillic
``е``) while ``Vera`` is joining his club.

The profile checked his new name against his clubs' people before ``Vera``'s membership was
committed, and her join checked hers before his rename was: both went through, and the club had
two players its members could not tell apart. A rename now holds the rows of the clubs he is in,
as an entry into a club does, and checks the name again under them.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections, transaction
from django.test import Client

from club import services
from club.models import Club, Membership, User

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"),
]


def _someone_waits_for_a_lock() -> bool:
    with connection.cursor() as cursor:
        # pg_locks, not pg_stat_activity: the latter is read once per transaction, and this asks
        # from inside the join's.
        cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
        return cursor.fetchone()[0] > 0


def test_a_rename_while_a_look_alike_joins_is_refused() -> None:
    owner = User.objects.create_user("owner", password="x-long-password-1")
    club = services.club_create(user=owner, name="Racers", join_policy=Club.JoinPolicy.OPEN)
    anna = User.objects.create_user("anna", password="x-long-password-1", display_name="Anna")
    services.membership_join(club=club, user=anna)
    vera = User.objects.create_user("vera", password="x-long-password-1", display_name="Vera")
    joined, renamed = threading.Event(), threading.Event()
    answer: list = []

    def join() -> None:
        try:
            with transaction.atomic():
                services.membership_join(club=club, user=vera)
                joined.set()
                # Committed once the rename is over, or is seen waiting for this join's lock.
                while not renamed.is_set() and not _someone_waits_for_a_lock():
                    renamed.wait(0.01)
        finally:
            connections.close_all()

    def rename() -> None:
        try:
            joined.wait(30)
            client = Client()
            client.force_login(anna, backend="django.contrib.auth.backends.ModelBackend")
            data = {"display_name": "V\u0435ra", "email": anna.email, "preferred_language": ""}
            data["time_zone"] = "UTC"
            answer.append(client.post("/accounts/profile/", data))
        finally:
            renamed.set()
            connections.close_all()

    threads = [threading.Thread(target=join), threading.Thread(target=rename)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a racing thread hung"

    assert Membership.objects.filter(club=club, user=vera, status=Membership.Status.ACTIVE).exists()
    assert User.objects.get(pk=anna.pk).display_name == "Anna"
    assert answer and answer[0].status_code == 200
    assert "looks like the name of someone in your clubs" in answer[0].content.decode()
