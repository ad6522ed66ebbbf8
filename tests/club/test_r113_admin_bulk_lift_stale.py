"""Review 113: the admin's bulk "Lift the ban" (and "Lift the suspension") lifted whatever stood when
it ran, even a ban another manager placed after the list page was loaded, which this manager had
never seen (the club page's lift checks which ban it showed: ``Membership.ban_seen``). The list now
carries which ban and suspension each row showed, and a lift of one placed since is refused, saying
so; a row ticked across pages, not on the page, is refused if its ban was placed after the page."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from club import services
from club.models import Membership

from .conftest import client_for, m
from .page_form import form_sent

pytestmark = pytest.mark.django_db

LIST = "admin:club_membership_changelist"


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def messages_of(response) -> list[str]:
    return [str(x) for x in get_messages(response.wsgi_request)]


def shown(client) -> dict[str, list[str]]:
    page = client.get(reverse(LIST))
    assert page.status_code == 200
    return form_sent(page.content.decode(), "changelist-form")


def lift(client, sent: dict[str, list[str]], *rows: Membership, action: str = "unban_selected"):
    return client.post(
        reverse(LIST), {**sent, "action": [action], "_selected_action": [str(row.pk) for row in rows]}
    )


def test_a_ban_placed_again_after_the_page_is_not_lifted(club, owner, manager, member) -> None:
    services.membership_ban(membership=m(club, member), actor=owner, reason="first")
    client = client_for(owner)
    sent = shown(client)
    # Another manager lifts it and bans him again, for something else, while the list is open.
    services.membership_unban(membership=m(club, member), actor=manager)
    services.membership_join(club=club, user=member)
    services.membership_ban(membership=m(club, member), actor=manager, reason="cheating")
    response = lift(client, sent, m(club, member))
    assert response.status_code == 302
    texts = messages_of(response)
    assert any("after your page was shown" in t for t in texts), texts
    assert not any("lifted" in t for t in texts), texts
    assert m(club, member).status == Membership.Status.BANNED


def test_a_ban_placed_on_a_row_shown_unbanned_is_not_lifted(club, owner, manager, member) -> None:
    client = client_for(owner)
    sent = shown(client)
    services.membership_ban(membership=m(club, member), actor=manager, reason="cheating")
    response = lift(client, sent, m(club, member))
    texts = messages_of(response)
    assert any("was banned after your page was shown" in t for t in texts), texts
    assert m(club, member).status == Membership.Status.BANNED


def test_the_ban_the_page_showed_is_lifted(club, owner, member) -> None:
    services.membership_ban(membership=m(club, member), actor=owner, reason="first")
    client = client_for(owner)
    response = lift(client, shown(client), m(club, member))
    assert any("1 ban lifted." in t for t in messages_of(response))
    assert m(club, member).status == Membership.Status.LEFT


def test_across_pages_a_ban_placed_after_the_page_is_not_lifted(club, owner, manager, member) -> None:
    client = client_for(owner)
    sent = shown(client)
    for name in [name for name in sent if name.startswith("seen-")]:
        del sent[name]  # the row was on another page
    services.membership_ban(membership=m(club, member), actor=manager, reason="cheating")
    Membership.objects.filter(pk=m(club, member).pk).update(banned_at=timezone.now() + timedelta(seconds=1))
    response = lift(client, {**sent, "select_across": ["1"]}, m(club, member))
    texts = messages_of(response)
    assert any("was banned after your page was shown" in t for t in texts), texts
    assert m(club, member).status == Membership.Status.BANNED


def test_a_suspension_placed_again_after_the_page_is_not_lifted(club, owner, manager, member) -> None:
    soon = timezone.now() + timedelta(days=1)
    services.membership_suspend(membership=m(club, member), actor=owner, until=soon, reason="tilt")
    client = client_for(owner)
    sent = shown(client)
    services.membership_unsuspend(membership=m(club, member), actor=manager)
    services.membership_suspend(
        membership=m(club, member), actor=manager, until=soon + timedelta(days=6), reason="again"
    )
    response = lift(client, sent, m(club, member), action="unsuspend_selected")
    texts = messages_of(response)
    assert any("after your page was shown" in t for t in texts), texts
    assert m(club, member).is_suspended


def test_the_suspension_the_page_showed_is_lifted(club, owner, member) -> None:
    services.membership_suspend(
        membership=m(club, member), actor=owner, until=timezone.now() + timedelta(days=1), reason="tilt"
    )
    client = client_for(owner)
    response = lift(client, shown(client), m(club, member), action="unsuspend_selected")
    assert any("1 suspension lifted." in t for t in messages_of(response)), messages_of(response)
    assert not m(club, member).is_suspended


def test_the_time_the_list_was_shown_is_no_words_in_the_action_bar(club, owner) -> None:
    page = client_for(owner).get(reverse(LIST)).content.decode()
    assert 'name="shown_at"' in page
    assert "Shown at" not in page


def test_across_pages_a_suspension_placed_after_the_page_is_not_lifted(club, owner, manager, member) -> None:
    client = client_for(owner)
    sent = {name: values for name, values in shown(client).items() if not name.startswith("seen-")}
    sent["shown_at"] = [(timezone.now() - timedelta(seconds=5)).isoformat()]
    services.membership_suspend(
        membership=m(club, member), actor=manager, until=timezone.now() + timedelta(days=2), reason="tilt"
    )
    response = lift(client, {**sent, "select_across": ["1"]}, m(club, member), action="unsuspend_selected")
    texts = messages_of(response)
    assert any("was suspended after your page was shown" in t for t in texts), texts
    assert m(club, member).is_suspended


def test_across_pages_a_suspension_placed_before_the_page_is_lifted(club, owner, member) -> None:
    services.membership_suspend(
        membership=m(club, member), actor=owner, until=timezone.now() + timedelta(days=2), reason="tilt"
    )
    client = client_for(owner)
    sent = {name: values for name, values in shown(client).items() if not name.startswith("seen-")}
    response = lift(client, {**sent, "select_across": ["1"]}, m(club, member), action="unsuspend_selected")
    assert any("1 suspension lifted." in t for t in messages_of(response)), messages_of(response)
    assert not m(club, member).is_suspended
