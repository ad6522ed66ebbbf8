"""Review 121: the admin's "Ban" and "Suspend" applied to "all N across the pages" (Django's
select-across) acted on whatever the list held when the action ran: a member who joined (or came
back) after the manager loaded the list was banned or suspended with the rest, unseen. Across the
pages, a selection that holds a row entered or changed after the list was shown is refused whole,
saying so; nothing is changed. Ticked rows on the page, and a selection that still matches, act as
before."""

from __future__ import annotations

from datetime import timedelta

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
    timezone.deactivate()
    yield
    timezone.deactivate()


def messages_of(response) -> list[str]:
    return [str(x) for x in get_messages(response.wsgi_request)]


def shown(client) -> dict[str, list[str]]:
    page = client.get(reverse(LIST) + "?status__exact=active&role__exact=member")
    assert page.status_code == 200
    return form_sent(page.content.decode(), "changelist-form")


def act_across(client, sent, action: str, **fields: str):
    data = {**sent, **{k: [v] for k, v in fields.items()}, "action": [action], "select_across": ["1"]}
    return client.post(reverse(LIST) + "?status__exact=active&role__exact=member", data)


@pytest.mark.parametrize(
    ("action", "fields"),
    [
        ("ban_selected", {"reason": "spam"}),
        (
            "suspend_selected",
            {"reason": "tilt", "until": (timezone.now() + timedelta(days=30)).strftime("%Y-%m-%dT%H:%M")},
        ),
    ],
)
def test_a_member_who_joined_after_the_list_was_shown_is_not_acted_on(
    club, owner, member, stranger, action, fields
) -> None:
    client = client_for(owner)
    sent = shown(client)
    assert sent.get("_selected_action") is None  # nothing ticked: "select all" across the pages
    sent["_selected_action"] = [str(m(club, member).pk)]  # the browser sends the page's rows ticked
    services.membership_join(club=club, user=stranger)  # joins while the list is open
    before = AuditLog.objects.filter(action__in=("membership.banned", "membership.suspended")).count()
    response = act_across(client, sent, action, **fields)
    assert response.status_code == 302
    texts = messages_of(response)
    assert any("after the list was shown" in t for t in texts), texts
    newcomer = m(club, stranger)
    assert newcomer.status == Membership.Status.ACTIVE and not newcomer.is_suspended
    assert m(club, member).status == Membership.Status.ACTIVE and not m(club, member).is_suspended
    assert AuditLog.objects.filter(action__in=("membership.banned", "membership.suspended")).count() == before


def test_a_member_back_after_the_list_was_shown_is_not_banned(club, owner, member, stranger) -> None:
    services.membership_join(club=club, user=stranger)
    services.membership_leave(club=club, user=stranger)
    client = client_for(owner)
    sent = shown(client)
    sent["_selected_action"] = [str(m(club, member).pk)]
    services.membership_join(club=club, user=stranger)  # back, while the list is open
    act_across(client, sent, "ban_selected", reason="spam")
    assert m(club, stranger).status == Membership.Status.ACTIVE
    assert m(club, member).status == Membership.Status.ACTIVE


def test_across_pages_without_the_lists_time_nothing_is_done(club, owner, member) -> None:
    client = client_for(owner)
    sent = shown(client)
    sent["_selected_action"] = [str(m(club, member).pk)]
    sent["shown_at"] = [""]
    response = act_across(client, sent, "ban_selected", reason="spam")
    assert any("nothing was done" in t for t in messages_of(response)), messages_of(response)
    assert m(club, member).status == Membership.Status.ACTIVE


def test_a_selection_that_still_matches_is_acted_on(club, owner, member) -> None:
    client = client_for(owner)
    sent = shown(client)
    sent["_selected_action"] = [str(m(club, member).pk)]
    sent["shown_at"] = [(timezone.now() + timedelta(seconds=1)).isoformat()]
    response = act_across(client, sent, "ban_selected", reason="spam")
    assert any("1 member banned." in t for t in messages_of(response)), messages_of(response)
    assert m(club, member).status == Membership.Status.BANNED


def test_rows_ticked_on_the_page_are_acted_on_as_before(club, owner, member, stranger) -> None:
    client = client_for(owner)
    sent = shown(client)
    services.membership_join(club=club, user=stranger)
    response = client.post(
        reverse(LIST),
        {
            **sent,
            "action": ["ban_selected"],
            "reason": ["spam"],
            "_selected_action": [str(m(club, member).pk)],
        },
    )
    assert any("1 member banned." in t for t in messages_of(response)), messages_of(response)
    assert m(club, member).status == Membership.Status.BANNED
    assert m(club, stranger).status == Membership.Status.ACTIVE
