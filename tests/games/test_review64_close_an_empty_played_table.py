"""Review 64: a table opened without an end, played at and then left by everyone (the players went
home, or the ten minutes' inactivity stood them up), stayed open for good with the chips of its
bank; the manager's "Cancel" was refused with "it closes at its end time, or once nobody plays at
it", and it had no end time and nobody played at it. The action now closes such a table (its bank
shared out as at an end time); a table somebody sits at, or with an end time to come, is still
refused, and changes nothing."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club.models import AuditLog
from games.models import TableSession
from games.services import table_leave
from ledger.models import Account
from ledger.services import ledger_verify

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _cancel(user, table: TableSession) -> list[tuple[str, str]]:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(
        "/admin/games/tablesession/", {"action": "cancel_selected", "_selected_action": [table.pk]}
    )
    assert response.status_code == 302
    return [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]


def _bank(table: TableSession) -> int:
    banks = Account.objects.filter(table_id=table.pk, kind=Account.Kind.BANK)
    return banks.values_list("balance", flat=True).first() or 0


def test_an_empty_played_table_without_an_end_is_closed(make_table, players, owner) -> None:
    table = make_table()
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    table.refresh_from_db()

    # Somebody still sits: refused, nothing changes.
    said = _cancel(owner, table)
    assert said and said[-1][0] == "error", said
    table.refresh_from_db()
    assert table.status != TableSession.Status.FINISHED

    for player in players:
        table_leave(session_id=table.pk, user=player)
    said = _cancel(owner, table)
    assert said and said[-1][0] != "error", said
    table.refresh_from_db()
    assert table.status == TableSession.Status.FINISHED
    assert _bank(table) == 0
    assert AuditLog.objects.filter(action="table.closed", data__table=table.pk).exists()
    assert ledger_verify()[0] == []
