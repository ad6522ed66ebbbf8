"""Review 117: "Taking back %(amount)s chips from %(member)s waits for a second manager's approval."
was one sentence for every amount: a manager taking back 8001 chips read "Изъятие 8001 фишек" in
Russian (one of 8001 takes "фишки"), one taking back a single chip (in a club whose second manager
approves every chip) "Отнемането на 1 чипа" in Bulgarian and "Taking back 1 chips" in English. The
sentence now has its plural forms."""

from __future__ import annotations

import hashlib

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Club, Membership
from ledger.services import chips_grant

from .conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _take_back(club: Club, manager, member: Membership, amount: int, language: str) -> str:
    token = hashlib.md5(f"{amount}:{language}".encode()).hexdigest()  # a new form each time
    client = Client()
    client.force_login(manager)
    client.cookies["django_language"] = language
    form = {"member": str(member.pk), "kind": "revoke", "amount": str(amount), "reason": "r", "token": token}
    response = client.post(f"/clubs/{club.slug}/chips/grant/", form, HTTP_HX_REQUEST="true")
    return response.content.decode()


@pytest.fixture
def vera(club: Club, owner, member_factory) -> Membership:
    member = member_factory()
    member.user.display_name = "Vera"
    member.user.save(update_fields=["display_name"])
    chips_grant(membership=member, amount=9000, actor=owner, reason="start", approved=True)
    Membership.objects.create(club=club, user=make_user("second"), role=Membership.Role.MANAGER)
    return member


@pytest.mark.parametrize(
    "amount, language, said",
    [
        (8001, "ru", "Изъятие 8001 фишки у участника Vera ждёт одобрения второго менеджера."),
        (8005, "ru", "Изъятие 8005 фишек у участника Vera ждёт одобрения второго менеджера."),
        (8002, "bg", "Отнемането на 8002 чипа от Vera чака одобрение от втори мениджър."),
        (8001, "en", "Taking back 8001 chips from Vera waits for a second manager&#x27;s approval."),
    ],
)
def test_a_waiting_take_back_says_its_chips_in_the_right_form(club, owner, vera, amount, language, said):
    html = _take_back(club, owner, vera, amount, language)
    assert said in html, html


def test_one_chip_taken_back_in_a_club_that_asks_for_every_chip(club: Club, owner, vera) -> None:
    club.four_eyes_above = 0
    club.save(update_fields=["four_eyes_above"])
    for language, said in (
        ("en", "Taking back 1 chip from Vera waits for a second manager&#x27;s approval."),
        ("ru", "Изъятие 1 фишки у участника Vera ждёт одобрения второго менеджера."),
        ("bg", "Отнемането на 1 чип от Vera чака одобрение от втори мениджър."),
    ):
        html = _take_back(club, owner, vera, 1, language)
        assert said in html, (language, html)
