"""What a newcomer met, and what a manager or owner needs to run a club: a hint where chips come
from, a confirmation before leaving, the owner's settings page, a notice of waiting requests, and a
ban that tells the banned member why and since when."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from club import services
from club.errors import NotAllowed, ServiceError
from club.models import AUDIT_ACTION_LABELS, AuditLog, Club, Membership
from ledger.services import chips_grant

from .conftest import client_for, m

pytestmark = pytest.mark.django_db
Status = Membership.Status


def messages_of(response) -> list[str]:
    return [str(x) for x in get_messages(response.wsgi_request)]


# --- chips ----------------------------------------------------------------------------------------------


def test_a_newcomer_with_no_chips_is_told_how_to_get_some(club, member, owner, manager):
    page = client_for(member).get(club.get_absolute_url()).content.decode()
    assert 'id="no-chips-hint"' in page and "ask one of them to grant you some" in page
    hint = page.split('id="no-chips-hint"')[1].split("</p>")[0]
    assert "@olga" in hint and "@misha" in hint
    chips_grant(membership=m(club, member), amount=10, actor=owner, reason="welcome", idempotency_key="nc:1")
    assert 'id="no-chips-hint"' not in client_for(member).get(club.get_absolute_url()).content.decode()
    # A manager hands chips out: he gets the grant form, not the hint.
    assert 'id="no-chips-hint"' not in client_for(manager).get(club.get_absolute_url()).content.decode()


# --- leaving -------------------------------------------------------------------------------------------


def test_leaving_needs_a_confirmation(club, member):
    client = client_for(member)
    page = client.get(club.get_absolute_url()).content.decode()
    leave = page.split('id="leave"')[1]
    # The box fetches the confirmation when it is opened (htmx), and links to it without JavaScript.
    leave_url = reverse("club_leave", args=[club.slug])
    assert "<details" in leave and f'hx-get="{leave_url}"' in leave and f'href="{leave_url}"' in leave
    box = client.get(leave_url, HTTP_HX_REQUEST="true").content.decode()
    assert 'name="confirm" value="1"' in box and "<html" not in box
    # The grant form and the chips come before, the leave section after everything else.
    assert page.index('id="leave"') > page.index('id="people"')

    response = client.post(reverse("club_leave", args=[club.slug]))  # a bare POST: asks first
    assert response.status_code == 200 and "Yes, leave the club" in response.content.decode()
    assert m(club, member).status == Status.ACTIVE
    response = client.get(reverse("club_leave", args=[club.slug]))  # the page without JavaScript
    assert response.status_code == 200 and "Yes, leave the club" in response.content.decode()
    response = client.post(reverse("club_leave", args=[club.slug]), {"confirm": "1"})
    assert response.status_code == 302 and m(club, member).status == Status.LEFT


def test_withdrawing_a_request_says_so(approval_club, stranger):
    services.membership_join(club=approval_club, user=stranger)
    response = client_for(stranger).post(reverse("club_leave", args=[approval_club.slug]),
                                         {"confirm": "1", "withdraw": "1"})
    assert "has been withdrawn" in " ".join(messages_of(response))
    assert m(approval_club, stranger).status == Status.LEFT


def test_the_owner_sees_no_leave_button(club, owner):
    assert 'id="leave"' not in client_for(owner).get(club.get_absolute_url()).content.decode()


# --- the owner's settings -------------------------------------------------------------------------------


def test_owner_changes_description_and_policy_with_an_audit_row(club, owner):
    client = client_for(owner)
    page = client.get(club.get_absolute_url()).content.decode()
    assert reverse("club_settings", args=[club.slug]) in page
    assert client.get(reverse("club_settings", args=[club.slug])).status_code == 200
    response = client.post(reverse("club_settings", args=[club.slug]),
                           {"description": "Thursdays at eight.", "join_policy": "approval"})
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.description == "Thursdays at eight." and club.join_policy == Club.JoinPolicy.APPROVAL
    row = AuditLog.objects.get(action="club.updated")
    assert row.actor == owner and row.data["changed"] == ["description", "join_policy"]
    assert dict(row.details())["Join policy before"].startswith("Open")
    assert "club.updated" in AUDIT_ACTION_LABELS


def test_settings_saved_twice_say_nothing_changed(club, owner):
    services.club_update(club=club, actor=owner, description="x", join_policy="open")
    with pytest.raises(ServiceError) as exc:
        services.club_update(club=club, actor=owner, description="x", join_policy="open")
    assert exc.value.code == "unchanged"


def test_only_the_owner_has_settings(club, manager, member, stranger):
    assert client_for(stranger).get(reverse("club_settings", args=[club.slug])).status_code == 403
    for user in (manager, member):
        # A member is sent to the club's page, told who decides (the bare 403 page told him nothing).
        response = client_for(user).get(reverse("club_settings", args=[club.slug]))
        assert response.status_code == 302 and response["Location"] == club.get_absolute_url()
    for user in (manager, member, stranger):
        with pytest.raises(NotAllowed):
            services.club_update(club=club, actor=user, description="taken over", join_policy="invite")
    club.refresh_from_db()
    assert club.join_policy == "open"
    assert reverse("club_settings", args=[club.slug]) not in client_for(manager).get(
        club.get_absolute_url()).content.decode()


def test_settings_refuse_a_bad_policy(club, owner):
    response = client_for(owner).post(reverse("club_settings", args=[club.slug]),
                                      {"description": "", "join_policy": "everyone"})
    assert response.status_code == 200 and "errors" in response.content.decode()


# --- managers hear of waiting requests ------------------------------------------------------------------


def test_managers_see_waiting_requests_on_the_home_and_club_pages(approval_club, owner, make_user):
    for name in ("ask1", "ask2"):
        services.membership_join(club=approval_club, user=make_user(name))
    home = client_for(owner).get(reverse("home")).content.decode()
    assert 'id="waiting-requests"' in home and "By Request" in home and "2 waiting" in home
    page = client_for(owner).get(approval_club.get_absolute_url()).content.decode()
    assert "2 requests to join wait for your answer." in page
    # Plain members are not told.
    asker = make_user("ask3")
    services.membership_join(club=approval_club, user=asker)
    services.membership_approve(membership=m(approval_club, asker), actor=owner)
    assert 'id="waiting-requests"' not in client_for(asker).get(reverse("home")).content.decode()


# --- a ban, told --------------------------------------------------------------------------------------


def test_the_banned_member_is_told_why_and_since_when(club, owner, member):
    services.membership_ban(membership=m(club, member), actor=owner, reason="Marked cards")
    row = m(club, member)
    assert row.ban_reason == "Marked cards" and row.banned_at is not None
    page = client_for(member).get(club.get_absolute_url()).content.decode()
    notice = page.split('id="banned-notice"')[1].split("</div>")[0]
    assert "You are banned from this club." in notice and "Marked cards" in notice
    assert str(row.banned_at.year) in notice


def test_the_invite_page_offers_a_banned_member_no_join_button(invite_club, owner, member):
    services.invite_accept(code=services.invite_create(club=invite_club, actor=owner).code, user=member)
    services.membership_ban(membership=m(invite_club, member), actor=owner, reason="")
    invite = services.invite_create(club=invite_club, actor=owner)
    page = client_for(member).get(invite.get_absolute_url()).content.decode()
    assert "You are banned from this club." in page and "The managers gave no reason." in page
    assert "Join the club" not in page


def test_the_banned_list_shows_reason_and_date(club, owner, member):
    services.membership_ban(membership=m(club, member), actor=owner, reason="Marked cards")
    page = client_for(owner).get(club.get_absolute_url()).content.decode()
    banned = page.split('id="banned-list"')[1].split("</ul>")[0]
    assert "reason: Marked cards" in banned and "banned on" in banned


def test_lifting_the_ban_clears_the_reason(club, owner, member):
    services.membership_ban(membership=m(club, member), actor=owner, reason="Marked cards")
    services.membership_unban(membership=m(club, member), actor=owner)
    assert m(club, member).ban_reason == "" and m(club, member).banned_at is None


def test_old_bans_take_reason_and_date_from_the_audit_log(club, owner, member):
    from importlib import import_module

    from django.apps import apps

    services.membership_ban(membership=m(club, member), actor=owner, reason="Old reason")
    Membership.objects.filter(pk=m(club, member).pk).update(ban_reason="", banned_at=None)
    import_module("club.migrations.0003_membership_ban_reason").fill_from_audit_log(apps, None)
    row = m(club, member)
    assert row.ban_reason == "Old reason"
    assert row.banned_at == AuditLog.objects.get(action="membership.banned").created_at


def test_the_admin_membership_list_shows_reason_and_date(club, owner, member):
    services.membership_ban(membership=m(club, member), actor=owner, reason="Marked cards")
    page = client_for(owner).get(reverse("admin:club_membership_changelist")).content.decode()
    assert "Marked cards" in page
    detail = client_for(owner).get(reverse("admin:club_membership_change", args=[m(club, member).pk]))
    assert "Marked cards" in detail.content.decode()
