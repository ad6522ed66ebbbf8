"""Review 129: a grant waiting for a second manager is withdrawn when its member leaves (review 121).
After he rejoined, the grant form that filed it, sent again as it was (the back button, a retry, a
tab left open), was answered "500 chips for Petar wait for a second manager's approval": the
manager went looking for a grant that was no longer waiting. It says now that it was withdrawn."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import Club, Membership, User
from ledger.models import Adjustment, Journal

from .conftest import make_user

pytestmark = pytest.mark.django_db
TOKEN = "0123456789abcdef0123456789abcdef"


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    timezone.deactivate()
    yield
    timezone.deactivate()


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _form(member: Membership) -> dict[str, str]:
    return {"member": str(member.pk), "kind": "grant", "amount": "8000", "reason": "prize", "token": TOKEN}


@pytest.fixture
def withdrawn(club: Club, owner: User) -> Membership:
    petar = make_user("petar")
    petar.display_name = "Petar"
    petar.save(update_fields=["display_name"])
    club_services.membership_join(club=club, user=petar)
    member = Membership.objects.get(club=club, user=petar)
    _client(owner).post(f"/clubs/{club.slug}/chips/grant/", _form(member))
    assert Adjustment.objects.get(member=member).status == Adjustment.Status.PENDING
    club_services.membership_leave(club=club, user=petar)
    club_services.membership_join(club=club, user=petar)
    member = Membership.objects.get(club=club, user=petar)
    assert Adjustment.objects.get(member=member).status == Adjustment.Status.WITHDRAWN
    return member


def test_the_form_sent_again_after_a_withdrawal_says_it_was_withdrawn(club: Club, owner, withdrawn) -> None:
    response = _client(owner).post(f"/clubs/{club.slug}/chips/grant/", _form(withdrawn))
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said == ["Petar left the club, which withdrew this grant of 8000 chips; nothing was booked."], said
    assert not Journal.objects.filter(kind="grant").exists()
    assert Adjustment.objects.get(member=withdrawn).status == Adjustment.Status.WITHDRAWN


def test_the_htmx_form_says_it_in_russian_too(club: Club, owner, withdrawn) -> None:
    response = _client(owner).post(
        f"/clubs/{club.slug}/chips/grant/",
        _form(withdrawn),
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    html = response.content.decode()
    assert "ждут одобрения" not in html and "Petar" in html and "отозван" in html, html
