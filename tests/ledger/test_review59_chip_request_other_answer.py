"""Review 59: a manager who granted a member's chip request and then pressed 'Refuse' on it (a second
tab, a stale page) read 'You have already answered this.' as news (info), as though his refusal had
been made, where review 55 keeps such an other decision a refusal in red (as a waiting grant's
'refuse' after 'approve' is). Only the same answer again is done."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from ledger.models import ChipRequest, Journal

pytestmark = pytest.mark.django_db
BACKEND = "django.contrib.auth.backends.ModelBackend"


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend=BACKEND)
    return client


def _said(response) -> list[tuple[str, str]]:
    return [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]


@pytest.mark.parametrize(("first", "then"), [("grant", "refuse"), ("refuse", "grant")])
def test_the_other_answer_after_his_own_is_a_refusal(club, owner, member_factory, first, then) -> None:
    member = member_factory()
    _client(member.user).post(f"/clubs/{club.slug}/chips/ask/", {"amount": "50", "note": "please"})
    request = ChipRequest.objects.get(member=member)
    client = _client(owner)
    client.post(f"/clubs/{club.slug}/chips/requests/{request.pk}/{first}/", {"answer": "so"})
    request.refresh_from_db()
    status = request.status
    assert status != ChipRequest.Status.OPEN
    said = _said(client.post(f"/clubs/{club.slug}/chips/requests/{request.pk}/{then}/", {"answer": "so"}))
    assert said[-1] == ("error", "You have already answered this."), said
    request.refresh_from_db()
    assert request.status == status
    assert Journal.objects.filter(idempotency_key=f"chip_request:{request.pk}").count() == (
        1 if first == "grant" else 0
    )
