"""Review 156: a manager's evening in the admin. The club page lists the first fifty requests to join
and sends him to the admin for "All of them"; there the list showed every request, and its actions
offered ban, suspend, lift, and nothing to let anyone in or turn him away. The membership list now
answers requests too (approve or refuse the selected), through the club page's own services: one
answered meanwhile by another manager, or by his own double click, is said so, not answered twice."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from club import services
from club.models import AuditLog, Membership

from .conftest import client_for, m
from .page_form import form_sent

pytestmark = pytest.mark.django_db

LIST = "admin:club_membership_changelist"


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def asking(approval_club, owner, manager, make_user):
    services.membership_join(club=approval_club, user=manager)
    services.membership_approve(membership=m(approval_club, manager), actor=owner)
    services.membership_set_role(
        membership=m(approval_club, manager), actor=owner, role=Membership.Role.MANAGER
    )
    people = [make_user(f"asker{n}") for n in range(3)]
    for person in people:
        services.membership_join(club=approval_club, user=person)
    return people


def _messages(response) -> list[str]:
    return [str(x) for x in get_messages(response.wsgi_request)]


def _act(client, action: str, rows: list[Membership], sent: dict | None = None):
    data = {**(sent or {}), "action": [action], "_selected_action": [str(row.pk) for row in rows]}
    return client.post(reverse(LIST), data)


def test_the_actions_are_offered(approval_club, manager, asking) -> None:
    page = client_for(manager).get(
        reverse(LIST) + f"?club__id__exact={approval_club.pk}&status__exact=pending"
    )
    html = page.content.decode()
    assert 'value="approve_selected"' in html and 'value="refuse_selected"' in html


def test_a_manager_approves_and_refuses_in_the_admin(approval_club, manager, asking) -> None:
    client = client_for(manager)
    first, second, third = (m(approval_club, person) for person in asking)
    answer = _act(client, "approve_selected", [first, second])
    assert answer.status_code == 302
    assert m(approval_club, asking[0]).status == Membership.Status.ACTIVE
    assert m(approval_club, asking[1]).status == Membership.Status.ACTIVE
    assert any("2" in text for text in _messages(answer))
    refused = _act(client, "refuse_selected", [third])
    assert m(approval_club, asking[2]).status == Membership.Status.LEFT
    assert AuditLog.objects.filter(action="membership.refused", actor=manager).count() == 1
    assert _messages(refused)


def test_a_double_click_is_news_not_a_second_answer(approval_club, manager, asking) -> None:
    client = client_for(manager)
    row = m(approval_club, asking[0])
    _act(client, "approve_selected", [row])
    again = _act(client, "approve_selected", [row])
    texts = _messages(again)
    assert any("already a member" in text for text in texts), texts
    assert AuditLog.objects.filter(action="membership.approved", target_user=asking[0]).count() == 1


def test_another_managers_refusal_meanwhile_is_said(approval_club, owner, manager, asking) -> None:
    client = client_for(manager)
    row = m(approval_club, asking[0])
    services.membership_refuse(membership=row, actor=owner)
    texts = _messages(_act(client, "approve_selected", [row]))
    assert any("already been refused" in text for text in texts), texts
    assert m(approval_club, asking[0]).status == Membership.Status.LEFT


def test_all_across_the_pages_with_a_newcomer_since_is_refused(
    approval_club, manager, asking, make_user
) -> None:
    client = client_for(manager)
    address = reverse(LIST) + f"?club__id__exact={approval_club.pk}&status__exact=pending"
    sent = form_sent(client.get(address).content.decode(), "changelist-form")
    late = make_user("late-asker")
    services.membership_join(club=approval_club, user=late)
    # The browser sends the page's rows ticked with "select all" across the pages.
    ticked = [str(m(approval_club, person).pk) for person in asking]
    data = {**sent, "action": ["approve_selected"], "select_across": ["1"], "_selected_action": ticked}
    answer = client.post(address, data)
    assert m(approval_club, late).status == Membership.Status.PENDING
    assert all(m(approval_club, person).status == Membership.Status.PENDING for person in asking)
    assert any("Nothing was done" in text for text in _messages(answer))
