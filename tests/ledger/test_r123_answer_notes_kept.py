"""A manager's answer on the club page refused for its note (a character the site refuses, none
where one is needed, chips of 0) went back to the club page with the note gone (review 123): the
refusal of a grant waiting for a second manager, and the grant or refusal of a member's request for
chips. The page is shown again with the row's form holding what was typed."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Club, Membership
from ledger.models import Adjustment, ChipRequest
from ledger.services import chips_adjust, chips_request

from .conftest import make_user

pytestmark = pytest.mark.django_db
BACKEND = "django.contrib.auth.backends.ModelBackend"
NOTE = "Too generous for a Tuesday"


@pytest.fixture(autouse=True)
def _no_time_zone() -> None:
    timezone.deactivate()


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend=BACKEND)
    return client


def _form_of(page: str, action: str) -> str:
    at = page.index(f'action="{action}"')
    return page[at : page.index("</form>", at)]


def test_a_refused_refusal_of_a_waiting_grant_keeps_its_note(club: Club, owner, member_factory) -> None:
    member = member_factory()
    waiting = chips_adjust(
        member=member, kind="grant", amount=9_000, actor=owner, reason="prize", idempotency_key="big"
    ).adjustment
    second = make_user("second")
    Membership.objects.create(club=club, user=second, role=Membership.Role.MANAGER)
    action = f"/clubs/{club.slug}/chips/waiting/{waiting.pk}/refuse/"
    response = _client(second).post(action, {"answer": f"{NOTE}\u200b"})
    assert response.status_code == 200
    assert f'value="{NOTE}\u200b"' in _form_of(response.content.decode(), action)
    waiting.refresh_from_db()
    assert waiting.status == Adjustment.Status.PENDING


@pytest.mark.parametrize(
    ("decision", "sent", "kept"),
    [
        ("refuse", {"answer": f"{NOTE}\u202e"}, [f'value="{NOTE}\u202e"']),
        ("grant", {"answer": NOTE, "amount": "0"}, [f'value="{NOTE}"', 'value="0"']),
    ],
)
def test_a_refused_answer_to_a_request_keeps_its_note(
    club: Club, owner, member_factory, decision, sent, kept
):
    member = member_factory()
    asked = chips_request(member=member, amount=300, note="for Friday")
    action = f"/clubs/{club.slug}/chips/requests/{asked.pk}/{decision}/"
    response = _client(owner).post(action, sent)
    assert response.status_code == 200
    form = _form_of(response.content.decode(), action)
    assert all(value in form for value in kept), form
    assert ChipRequest.objects.get(pk=asked.pk).status == ChipRequest.Status.OPEN
