"""Review 101: a manager who takes back more chips than the club's four-eyes threshold from a member
("Take back" in the grant form) was answered "8000 chips for Vera wait for a second manager's
approval.", the words of a grant: as if 8000 chips were on their way to her. It says now that
taking them back waits for a second manager (en, ru, bg)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club.models import Club, Membership
from ledger.selectors import wallet_balance
from ledger.services import chips_grant

from .conftest import make_user

pytestmark = pytest.mark.django_db


def _take_back(club: Club, owner, member: Membership, **extra):
    client = Client()
    client.force_login(owner)
    form = {"member": str(member.pk), "kind": "revoke", "amount": "8000", "reason": "r", "token": "d" * 32}
    return client.post(f"/clubs/{club.slug}/chips/grant/", form, **extra)


@pytest.fixture
def vera(club: Club, owner, member_factory) -> Membership:
    member = member_factory()
    member.user.display_name = "Vera"
    member.user.save(update_fields=["display_name"])
    chips_grant(membership=member, amount=9000, actor=owner, reason="start", approved=True)
    Membership.objects.create(club=club, user=make_user("second"), role=Membership.Role.MANAGER)
    return member


def test_a_take_back_waiting_for_a_second_manager_is_not_told_as_a_grant(club: Club, owner, vera) -> None:
    said = [str(m) for m in get_messages(_take_back(club, owner, vera).wsgi_request)]
    assert said == ["Taking back 8000 chips from Vera waits for a second manager's approval."], said
    assert wallet_balance(membership=vera) == 9000


def test_in_russian_too(club: Club, owner, vera) -> None:
    html = _take_back(club, owner, vera, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Изъятие 8000 фишек у участника Vera ждёт одобрения второго менеджера." in html, html
