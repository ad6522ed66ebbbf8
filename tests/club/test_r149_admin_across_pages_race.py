"""Review 149: "all N across the pages" (Django's select-across) was checked by one query (how many
rows of the selection came after the list was shown: none) and acted on by another (the selection
read again): a member who joined between the two, on another connection, was banned with the rest,
unseen (review 121's hole, narrowed to a moment). The check and the action now read the selection
once: the rows checked are the rows acted on. Raced here with a real second PostgreSQL connection
that commits a newcomer right after the check's statement."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.db import connection, connections
from django.urls import reverse
from django.utils import timezone

from club import services
from club.models import Membership
from ledger.models import Adjustment
from ledger.services import chips_adjust

from .conftest import client_for, m
from .page_form import form_sent

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="a second connection needs PostgreSQL"),
]


@pytest.fixture(autouse=True)
def _no_zone_left():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _on_another_connection(work: Callable[[], Any]) -> None:
    """``work`` committed by a thread of its own (its own database connection)."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as exc:  # said by the test
            failed.append(exc)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive() and not failed, failed


class _AfterTheCheck:
    """Runs ``work`` on another connection once, right after the first statement of this connection
    that compares ``column`` with the time the list was shown (the check of the selection)."""

    def __init__(self, column: str, work: Callable[[], Any]) -> None:
        self.column, self.work, self.done = column, work, False

    def __call__(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if not self.done and f'{self.column}" >' in sql:
            self.done = True
            _on_another_connection(self.work)
        return result


def _messages(response) -> list[str]:
    return [str(x) for x in get_messages(response.wsgi_request)]


def test_a_member_joining_right_after_the_check_is_not_banned(club, owner, member, stranger) -> None:
    address = reverse("admin:club_membership_changelist") + "?status__exact=active&role__exact=member"
    client = client_for(owner)
    sent = form_sent(client.get(address).content.decode(), "changelist-form")
    sent["_selected_action"] = [str(m(club, member).pk)]
    data = {**sent, "action": ["ban_selected"], "reason": ["spam"], "select_across": ["1"]}
    hook = _AfterTheCheck(
        '"club_membership"."created_at', lambda: services.membership_join(club=club, user=stranger)
    )
    with connection.execute_wrapper(hook):
        response = client.post(address, data)
    assert hook.done
    assert m(club, stranger).status == Membership.Status.ACTIVE, _messages(response)
    assert m(club, member).status == Membership.Status.BANNED, _messages(response)


def _filed(member: Membership, manager, key: str) -> Adjustment:
    """A grant big enough to wait for a second manager."""
    done = chips_adjust(
        member=member, kind="grant", amount=6_000, actor=manager, reason=key, idempotency_key=key
    )
    assert done.adjustment is not None
    return done.adjustment


def test_a_grant_filed_right_after_the_check_is_not_approved(club, owner, manager, member) -> None:
    first = _filed(m(club, member), manager, "first")
    address = reverse("admin:ledger_adjustment_changelist") + "?status__exact=pending"
    client = client_for(owner)
    sent = form_sent(client.get(address).content.decode(), "changelist-form")
    sent["_selected_action"] = [str(first.pk)]
    data = {**sent, "action": ["approve_selected"], "select_across": ["1"]}
    later: list[Adjustment] = []

    def file_another() -> None:
        later.append(_filed(m(club, member), manager, "later"))

    hook = _AfterTheCheck('"ledger_adjustment"."created_at', file_another)
    with connection.execute_wrapper(hook):
        response = client.post(address, data)
    assert hook.done and later
    assert Adjustment.objects.get(pk=later[0].pk).status == Adjustment.Status.PENDING, _messages(response)
    assert Adjustment.objects.get(pk=first.pk).status == Adjustment.Status.APPROVED, _messages(response)
