"""Review 75: an owner alone in his new club (no other manager) granted a member 6,000 chips, above
the four-eyes threshold, and was told the chips "wait for a second manager's approval", and the
waiting list said "another manager decides": there was nobody who could, and nothing said so. Now
the answer says the club has no other manager who could decide it yet, and what to do."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club.models import Club, Membership, User
from ledger.models import Adjustment

pytestmark = pytest.mark.django_db

NOBODY = "Nobody can approve it yet: the club has no other manager. Make a member you trust a manager"


def _login(user: User) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _said(response) -> str:
    return " ".join(str(x) for x in get_messages(response.wsgi_request))


def _grant(client: Client, club: Club, member: Membership, amount: int, token: str):
    data = {"member": member.pk, "kind": "grant", "amount": amount, "reason": "welcome", "token": token}
    return client.post(f"/clubs/{club.slug}/chips/grant/", data)


def test_an_owner_alone_is_told_nobody_can_approve_his_big_grant(club: Club, owner, member_factory) -> None:
    member = member_factory()
    said = _said(_grant(_login(owner), club, member, club.four_eyes_above + 1, "a" * 32))
    assert Adjustment.objects.filter(status="pending").count() == 1
    assert "wait for a second manager's approval" in said
    assert NOBODY in said
    # The club page's waiting list says so too, not "another manager decides".
    page = _login(owner).get(club.get_absolute_url()).content.decode()
    assert "another manager decides" not in page
    assert "no other manager yet" in page


def test_with_a_second_manager_nothing_more_is_said(club: Club, owner, member_factory) -> None:
    member_factory(role=Membership.Role.MANAGER)
    member = member_factory()
    said = _said(_grant(_login(owner), club, member, club.four_eyes_above + 1, "b" * 32))
    assert "wait for a second manager's approval" in said
    assert NOBODY not in said
    assert "another manager decides" in _login(owner).get(club.get_absolute_url()).content.decode()


def test_a_grant_to_the_only_other_manager_is_for_nobody_to_approve(
    club: Club, owner, member_factory
) -> None:
    # The member it is for cannot decide it: a second manager who is its receiver is nobody.
    second = member_factory(role=Membership.Role.MANAGER)
    said = _said(_grant(_login(owner), club, second, club.four_eyes_above + 1, "c" * 32))
    assert NOBODY in said


def test_an_owner_alone_answering_a_request_above_the_threshold_is_told(
    club: Club, owner, member_factory
) -> None:
    from ledger.services import chips_request

    member = member_factory()
    asked = chips_request(member=member, amount=club.four_eyes_above + 1, note="please")
    response = _login(owner).post(
        f"/clubs/{club.slug}/chips/requests/{asked.pk}/grant/", {"answer": "ok", "amount": ""}
    )
    said = _said(response)
    assert "a second manager must approve this grant" in said
    assert NOBODY in said
