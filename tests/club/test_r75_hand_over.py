"""Review 75: an owner who wants to leave his club had no way out. The leave page said only "The owner
cannot leave the club they own.", and nothing (not the club page, not the admin, not the site's
operator) could make anyone else its owner. Now the owner hands the club over to one of its
managers (he stays a manager, and may then leave); the site's operator may do it for him (an owner
whose account is switched off)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages

from club import services
from club.errors import ServiceError
from club.models import AuditLog, Club, Membership
from tests.club.conftest import client_for, m

pytestmark = pytest.mark.django_db

Role = Membership.Role


def _said(response) -> list[str]:
    return [str(x) for x in get_messages(response.wsgi_request)]


def test_owner_hands_the_club_over_to_a_manager_and_may_then_leave(
    owner, manager, member, club: Club
) -> None:
    page = client_for(owner).get(club.get_absolute_url()).content.decode()
    assert f"/clubs/{club.slug}/members/{m(club, manager).pk}/hand-over/" in page
    # Not offered for a plain member, who must be made a manager first.
    assert f"/members/{m(club, member).pk}/hand-over/" not in page

    hand_over = f"/clubs/{club.slug}/members/{m(club, manager).pk}/hand-over/"
    response = client_for(owner).post(hand_over, {"confirm": "1"})
    assert response.status_code == 302
    assert "Misha is now the owner of Open Table; you stay one of its managers." in _said(response)
    assert m(club, manager).role == Role.OWNER
    assert m(club, owner).role == Role.MANAGER
    row = AuditLog.objects.get(action="club.handed_over")
    assert (row.actor, row.target_user) == (owner, manager)
    assert row.details_text == "Owner before: @olga"

    # The same form again (a double click, a second tab): news, nothing changes.
    again = client_for(owner).post(hand_over, {"confirm": "1"})
    assert again.status_code == 302
    assert m(club, manager).role == Role.OWNER
    assert AuditLog.objects.filter(action="club.handed_over").count() == 1

    # The former owner, now a manager, may leave; the new one may not.
    left = client_for(owner).post(f"/clubs/{club.slug}/leave/", {"confirm": "1"})
    assert "You have left Open Table." in _said(left)
    assert m(club, owner).status == Membership.Status.LEFT


def test_only_the_owner_hands_over_and_only_to_an_active_manager(owner, manager, member, club: Club) -> None:
    with pytest.raises(ServiceError):  # a manager cannot make himself or anyone the owner
        services.club_hand_over(membership=m(club, member), actor=manager)
    with pytest.raises(ServiceError):  # a plain member: make him a manager first
        services.club_hand_over(membership=m(club, member), actor=owner)
    with pytest.raises(ServiceError):
        services.club_hand_over(membership=m(club, owner), actor=owner)
    services.membership_ban(membership=m(club, manager), actor=owner, reason="x")
    with pytest.raises(ServiceError) as banned:  # banned in another tab meanwhile
        services.club_hand_over(membership=m(club, manager), actor=owner)
    assert banned.value.message == "This person is no longer in the club."
    services.membership_unban(membership=m(club, manager), actor=owner)
    services.membership_join(club=club, user=manager)
    services.membership_set_role(membership=m(club, manager), actor=owner, role=Role.MANAGER)
    manager.is_active = False  # switched off by the operator
    manager.save()
    with pytest.raises(ServiceError):
        services.club_hand_over(membership=m(club, manager), actor=owner)
    assert m(club, owner).role == Role.OWNER
    assert not AuditLog.objects.filter(action="club.handed_over").exists()


def test_the_operator_hands_over_the_club_of_a_switched_off_owner(owner, manager, club: Club, root) -> None:
    owner.is_active = False
    owner.save()
    services.club_hand_over(membership=m(club, manager), actor=root)
    assert m(club, manager).role == Role.OWNER
    assert m(club, owner).role == Role.MANAGER


def test_the_leave_page_tells_the_owner_how_to_leave(owner, club: Club) -> None:
    page = client_for(owner).get(f"/clubs/{club.slug}/leave/").content.decode()
    assert "hand the club over to one of its managers" in page


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_tabs_handing_the_club_to_two_managers_at_once_make_one_owner() -> None:
    from django.db import connection

    from tests.club.test_races import race

    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL (CI runs it)")
    from club.models import User

    owner = User.objects.create_user("owner", password="x-long-password-1")
    club = services.club_create(user=owner, name="Two Heirs", join_policy=Club.JoinPolicy.OPEN)
    heirs = []
    for name in ("anna", "boris"):
        heir = User.objects.create_user(name, password="x-long-password-1")
        services.membership_join(club=club, user=heir)
        services.membership_set_role(membership=m(club, heir), actor=owner, role=Role.MANAGER)
        heirs.append(heir)
    results = race(2, lambda i: services.club_hand_over(membership=m(club, heirs[i]), actor=owner))
    assert sum(isinstance(r, Membership) for r in results) == 1
    assert sum(isinstance(r, ServiceError) for r in results) == 1
    assert Membership.objects.filter(club=club, role=Role.OWNER).count() == 1
    assert m(club, owner).role == Role.MANAGER
    assert AuditLog.objects.filter(action="club.handed_over").count() == 1


@pytest.mark.parametrize(
    "language, words",
    [("ru", "Передать клуб…"), ("bg", "Предаване на клуба…")],
)
def test_the_hand_over_is_offered_in_the_owners_language(owner, manager, club: Club, language, words) -> None:
    client = client_for(owner)
    client.cookies["django_language"] = language
    assert words in client.get(club.get_absolute_url()).content.decode()


def test_the_operator_hands_over_in_the_admin(owner, manager, member, club: Club, root) -> None:
    """The operator is no member of the club: its page shows him no members to act on. The admin's
    list of memberships does."""
    from django.urls import reverse

    from tests.club.conftest import logged_in

    owner.is_active = False
    owner.save()
    url = reverse("admin:club_membership_changelist")
    client = logged_in(root)
    action = {"action": "hand_over_selected", "reason": "", "until": "", "confirm": "1"}
    # Two rows ticked: which should be the owner? Nothing changes.
    both = client.post(
        url, {**action, "_selected_action": [m(club, manager).pk, m(club, member).pk]}, follow=True
    )
    assert "Tick one manager" in both.content.decode()
    assert m(club, owner).role == Role.OWNER
    done = client.post(url, {**action, "_selected_action": [m(club, manager).pk]}, follow=True)
    assert "Misha is now the owner of Open Table." in done.content.decode()
    assert m(club, manager).role == Role.OWNER
    assert m(club, owner).role == Role.MANAGER


def test_the_owners_club_page_says_how_he_could_leave(owner, manager, club: Club) -> None:
    page = client_for(owner).get(club.get_absolute_url()).content.decode()
    assert "You own this club, so you cannot leave it: first hand it over to one of its managers" in page
    assert "You own this club" not in client_for(manager).get(club.get_absolute_url()).content.decode()


def test_the_admins_list_of_clubs_names_the_owner_after_a_hand_over(owner, manager, club: Club, root) -> None:
    """It named only who created the club: after a hand-over the operator read the founder there and
    had no column telling him whom the club now answers to."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from tests.club.conftest import logged_in

    services.club_hand_over(membership=m(club, manager), actor=owner)
    client = logged_in(root)
    client.get(reverse("admin:club_club_changelist"))  # warm the session's reads
    with CaptureQueriesContext(connection) as one:
        page = client.get(reverse("admin:club_club_changelist")).content.decode()
    assert "Misha (@misha)" in page  # the owner now
    assert "Olga (@olga)" in page  # the founder still
    for i in range(5):  # the owners are read once for the page, not once a row
        services.club_create(user=root, name=f"More {i}")
    with CaptureQueriesContext(connection) as six:
        client.get(reverse("admin:club_club_changelist"))
    assert len(six) <= len(one) + 1


def test_the_admin_offers_the_hand_over_only_to_owners_and_the_operator(
    owner, manager, club: Club, root
) -> None:
    """A manager was offered 'Make the selected manager the club's owner' among his actions, only to be
    told it is the owner's."""
    from django.contrib import admin
    from django.test import RequestFactory

    model_admin = admin.site._registry[Membership]

    def offered(user) -> bool:
        request = RequestFactory().get("/admin/")
        request.user = user
        return "hand_over_selected" in model_admin.get_actions(request)

    assert offered(owner) and offered(root)
    assert not offered(manager)


def test_a_stale_tab_handing_over_to_another_manager_names_the_new_owner(
    owner, manager, club: Club, make_user
) -> None:
    second = make_user("second")
    services.membership_join(club=club, user=second)
    services.membership_set_role(membership=m(club, second), actor=owner, role="manager")
    services.club_hand_over(membership=m(club, manager), actor=owner)
    with pytest.raises(ServiceError) as refused:
        services.club_hand_over(membership=m(club, second), actor=owner)
    assert "handed the club over already" in refused.value.message
    assert manager.shown_name in refused.value.message
    assert m(club, manager).role == "owner" and m(club, second).role == "manager"
