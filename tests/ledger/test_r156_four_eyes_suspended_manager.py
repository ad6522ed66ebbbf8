"""Review 156: Olga owns a club whose one other manager, Misha, is suspended from its tables until
Friday. She granted a member 6,000 chips (above the four-eyes threshold) and was told "Nobody can
approve it yet: the club has no other manager. Make a member you trust a manager", and the waiting
list said "no other manager yet": the club has one, and making another was not what she needed. A
suspended manager manages nothing meanwhile, so indeed nobody can approve it now (the service refuses
him): the answer and the list say who could, and from when."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.errors import NotAllowed
from club.models import Club, Membership, User
from ledger.models import Adjustment
from ledger.services import adjustment_approve

pytestmark = pytest.mark.django_db

NOBODY = "the club has no other manager"


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _login(user: User) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _grant(client: Client, club: Club, member: Membership, amount: int, token: str) -> str:
    data = {"member": member.pk, "kind": "grant", "amount": amount, "reason": "welcome", "token": token}
    response = client.post(f"/clubs/{club.slug}/chips/grant/", data)
    return " ".join(str(x) for x in get_messages(response.wsgi_request))


@pytest.fixture
def misha(club: Club, owner: User, member_factory) -> Membership:
    second = member_factory(role=Membership.Role.MANAGER)
    second.user.display_name = "Misha"
    second.user.save(update_fields=["display_name"])
    club_services.membership_suspend(
        membership=second, actor=owner, reason="tilt", until=timezone.now() + timedelta(days=3)
    )
    return Membership.objects.get(pk=second.pk)


def test_the_owner_is_told_the_only_other_manager_is_suspended(club, owner, misha, member_factory) -> None:
    member = member_factory()
    said = _grant(_login(owner), club, member, club.four_eyes_above + 1, "d" * 32)
    adjustment = Adjustment.objects.get(status="pending")
    assert "wait for a second manager's approval" in said
    assert NOBODY not in said
    assert "Misha" in said and "suspended" in said
    # And it is so: he cannot approve it while suspended.
    with pytest.raises(NotAllowed):
        adjustment_approve(adjustment_id=adjustment.pk, actor=misha.user)
    page = _login(owner).get(club.get_absolute_url()).content.decode()
    assert "no other manager yet" not in page
    assert "another manager decides" not in page
    start = page.index('id="chips-waiting"')
    waiting = page[start : page.index("</div>", start)]
    assert "Misha" in waiting and "suspended" in waiting


def test_once_lifted_another_manager_decides(club, owner, misha, member_factory) -> None:
    member = member_factory()
    _grant(_login(owner), club, member, club.four_eyes_above + 1, "e" * 32)
    club_services.membership_unsuspend(membership=misha, actor=owner)
    page = _login(owner).get(club.get_absolute_url()).content.decode()
    assert "another manager decides" in page


def test_with_no_manager_at_all_the_old_words_stand(club, owner, member_factory) -> None:
    member = member_factory()
    said = _grant(_login(owner), club, member, club.four_eyes_above + 1, "f" * 32)
    assert NOBODY in said


def test_a_grant_asked_by_a_manager_suspended_since_offers_no_approve(club, owner, member_factory) -> None:
    """The opposite: Misha filed a big grant, then was suspended. The owner's list offered "Approve",
    which the service refuses (four eyes are two managers): it says so beside the grant instead."""
    second = member_factory(role=Membership.Role.MANAGER)
    member = member_factory()
    _grant(_login(second.user), club, member, club.four_eyes_above + 1, "c" * 32)
    adjustment = Adjustment.objects.get(status="pending")
    club_services.membership_suspend(
        membership=second, actor=owner, reason="tilt", until=timezone.now() + timedelta(days=3)
    )
    page = _login(owner).get(club.get_absolute_url()).content.decode()
    assert f"/chips/waiting/{adjustment.pk}/approve/" not in page
    assert "who asked for this, no longer manages the club" in page
    assert f"/chips/waiting/{adjustment.pk}/refuse/" in page
