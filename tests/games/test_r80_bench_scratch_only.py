"""pages_bench and table_bench write into a scratch database only (review 80).

Both are listed by `manage.py help` beside ledger_check; run on the site's own database (the
operator's environment, as every command) they wrote a "Bench" club, its members with a million
chips each and their journals, which cannot be deleted, into the real books, and a run stopped
half-way left them there. They refuse now, before writing anything, a database that holds a club
or a person of its own; ledger_bench and jobs_bench make a scratch database of their own."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from club.models import Club, User
from ledger.models import Journal

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("command", ["pages_bench", "table_bench"])
def test_a_bench_refuses_the_sites_own_database_and_writes_nothing(command, make_user, make_club):
    make_club(make_user("olga"), "Friday Club")
    before = (Club.objects.count(), User.objects.count(), Journal.objects.count())
    with pytest.raises(CommandError) as refused:
        call_command(command, "--tables", "1", "--servers", "1")
    assert "scratch database" in str(refused.value)
    assert "Friday Club" not in str(refused.value)
    assert (Club.objects.count(), User.objects.count(), Journal.objects.count()) == before
