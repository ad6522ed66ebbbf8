"""A refused form of the club page dropped what was typed (review 123): a ban's or a suspension's
reason sent with an unreadable date, a request for chips with its note. The plain form (no
JavaScript) landed on the club page with the refusal on top and every field empty, and the htmx
form's members list came back with empty fields. The page shown again keeps the typed text in its
form, opened, and says what was wrong, as a Django form does."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import timezone

from club import services
from club.models import Membership
from ledger.models import ChipRequest

from .conftest import m

pytestmark = pytest.mark.django_db

REASON = "Cheated at the Friday table"


@pytest.fixture(autouse=True)
def _no_time_zone() -> None:
    timezone.deactivate()


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _form(page: str, action: str) -> str:
    """The form posting to ``action``, with the ``<details>`` it stands in."""
    at = page.index(f'action="{action}"')
    start = page.rindex("<details", 0, at)
    return page[start : page.index("</form>", at)]


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize(
    ("what", "sent"),
    [("ban", {"reason": REASON, "until": "next friday"}), ("suspend", {"reason": REASON, "until": ""})],
)
def test_a_refused_ban_or_suspension_keeps_its_reason(club, owner, member, htmx, what, sent):
    action = f"{club.get_absolute_url()}members/{m(club, member).pk}/{what}/"
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = _client(owner).post(action, sent, **headers)
    assert response.status_code == 200
    page = response.content.decode()
    form = _form(page, action)
    assert f'value="{REASON}"' in form, form
    assert form.startswith('<details class="ban" open'), form
    assert "Until:" in page  # what was wrong
    assert m(club, member).status == Membership.Status.ACTIVE
    assert not m(club, member).is_suspended


def test_a_refused_request_for_chips_keeps_its_note(club, member):
    action = f"{club.get_absolute_url()}chips/ask/"
    response = _client(member).post(action, {"amount": "0", "note": "For Friday's game"})
    assert response.status_code == 200
    page = response.content.decode()
    form = _form(page, action)
    assert re.search(r'name="note"[^>]*value="For Friday&#x27;s game"', form), form
    assert re.search(r'name="amount"[^>]*value="0"', form), form
    assert form.startswith('<details class="ask-chips" open'), form
    assert "Chips:" in page  # what was wrong
    assert not ChipRequest.objects.exists()


def test_an_accepted_request_for_chips_goes_back_to_the_club_page(club, member):
    response = _client(member).post(
        f"{club.get_absolute_url()}chips/ask/", {"amount": "50", "note": "Please"}
    )
    assert response.status_code == 302
    assert ChipRequest.objects.filter(amount=50, note="Please").exists()


def test_a_stranger_s_ban_form_is_not_answered_with_the_club_page(invite_club, owner, member, stranger):
    invite = services.invite_create(club=invite_club, actor=owner)
    services.invite_accept(code=invite.code, user=member)
    action = f"{invite_club.get_absolute_url()}members/{m(invite_club, member).pk}/ban/"
    response = _client(stranger).post(action, {"reason": REASON, "until": "next friday"})
    assert response.status_code == 302
    assert REASON not in response.content.decode()
