"""Review 55: chip forms sent again (a browser's retry, a second tab, the back button) whose first
copy had done the work read, in red, as failures: "You have already approved this." (or refused,
answered) to the manager, "You have already asked; the managers will answer." to the member who had
just asked for the same chips. Done by him, it is told as news (info), not as an error; a different
request (refusing what he approved, asking for another amount) is still refused in red. Nothing is
booked or asked twice."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club.models import Club, Membership
from ledger.models import Adjustment, ChipRequest, Journal
from ledger.services import chips_adjust, ledger_verify

from .conftest import make_user

pytestmark = pytest.mark.django_db
BACKEND = "django.contrib.auth.backends.ModelBackend"


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend=BACKEND)
    return client


def _said(response) -> list[tuple[str, str]]:
    return [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def second(club: Club) -> Membership:
    return Membership.objects.create(club=club, user=make_user("second"), role=Membership.Role.MANAGER)


@pytest.fixture
def waiting(club: Club, owner, member_factory) -> Adjustment:
    member = member_factory()
    return chips_adjust(
        member=member, kind="grant", amount=9_000, actor=owner, reason="prize", idempotency_key="big"
    ).adjustment


@pytest.mark.parametrize(("decision", "words"), [("approve", "approved"), ("refuse", "refused")])
def test_a_waiting_grant_decided_again_is_said_done(club, waiting, second, decision, words) -> None:
    client = _client(second.user)
    url = f"/clubs/{club.slug}/chips/waiting/{waiting.pk}/{decision}/"
    client.post(url, {"answer": "no"})
    said = _said(client.post(url, {"answer": "no"}))
    assert said[-1] == ("info", f"You have already {words} this."), said
    assert not [text for tag, text in said if tag == "error"]
    assert Journal.objects.filter(idempotency_key=f"adjustment:{waiting.pk}").count() == (
        1 if decision == "approve" else 0
    )
    assert ledger_verify()[0] == []


def test_refusing_what_he_approved_is_still_a_refusal(club, waiting, second) -> None:
    client = _client(second.user)
    client.post(f"/clubs/{club.slug}/chips/waiting/{waiting.pk}/approve/")
    said = _said(client.post(f"/clubs/{club.slug}/chips/waiting/{waiting.pk}/refuse/", {"answer": "no"}))
    assert said[-1] == ("error", "You have already approved this."), said


def test_a_request_answered_again_is_said_done(club, owner, member_factory) -> None:
    member = member_factory()
    _client(member.user).post(f"/clubs/{club.slug}/chips/ask/", {"amount": "50", "note": "please"})
    request = ChipRequest.objects.get(member=member)
    client = _client(owner)
    url = f"/clubs/{club.slug}/chips/requests/{request.pk}/grant/"
    client.post(url, {"answer": "here"})
    said = _said(client.post(url, {"answer": "here"}))
    assert said[-1] == ("info", "You have already answered this."), said
    assert Journal.objects.filter(idempotency_key=f"chip_request:{request.pk}").count() == 1


def test_asking_again_for_the_same_chips_is_said_done(club, member_factory) -> None:
    member = member_factory()
    client = _client(member.user)
    form = {"amount": "50", "note": "please"}
    client.post(f"/clubs/{club.slug}/chips/ask/", form)
    said = _said(client.post(f"/clubs/{club.slug}/chips/ask/", form))
    assert said[-1] == ("info", "You have already asked; the managers will answer."), said
    assert ChipRequest.objects.filter(member=member).count() == 1
    other = _said(client.post(f"/clubs/{club.slug}/chips/ask/", {"amount": "80", "note": "more"}))
    assert other[-1] == ("error", "You have already asked; the managers will answer."), other
