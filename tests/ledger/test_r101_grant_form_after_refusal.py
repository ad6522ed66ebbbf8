"""Review 101: a big grant waits for a second manager; he refuses it. The grant form that filed it,
sent again as it was (the browser's back button and "send again", a retry, a second tab left open),
was answered "8000 chips for Vera wait for a second manager's approval.": the manager went looking
for a grant still waiting that had been refused, and was never told so. Nothing is booked either way
(the form's token names the refused request); the answer now says it was refused, and by whom."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club.models import Club, Membership, User
from ledger.models import Adjustment, Journal
from ledger.selectors import wallet_balance
from ledger.services import adjustment_refuse

from .conftest import make_user

pytestmark = pytest.mark.django_db
TOKEN = "0123456789abcdef0123456789abcdef"


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _form(member: Membership) -> dict[str, str]:
    return {"member": str(member.pk), "kind": "grant", "amount": "8000", "reason": "prize", "token": TOKEN}


@pytest.fixture
def refused(club: Club, owner: User, member_factory) -> Membership:
    member = member_factory()
    second = Membership.objects.create(club=club, user=make_user("second"), role=Membership.Role.MANAGER)
    second.user.display_name = "Boris"
    second.user.save(update_fields=["display_name"])
    _client(owner).post(f"/clubs/{club.slug}/chips/grant/", _form(member))
    adjustment = Adjustment.objects.get(member=member)
    adjustment_refuse(adjustment_id=adjustment.pk, actor=second.user, note="too generous")
    return member


def test_the_form_sent_again_after_a_refusal_says_it_was_refused(club: Club, owner, refused) -> None:
    client = _client(owner)
    response = client.post(f"/clubs/{club.slug}/chips/grant/", _form(refused))
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert len(said) == 1 and "wait for a second manager" not in said[0], said
    assert "refused" in said[0] and "Boris" in said[0] and "nothing was booked" in said[0], said
    assert wallet_balance(membership=refused) == 0 and not Journal.objects.filter(kind="grant").exists()
    assert Adjustment.objects.get(member=refused).status == Adjustment.Status.REFUSED


def test_the_htmx_form_sent_again_after_a_refusal_says_it_was_refused(club: Club, owner, refused) -> None:
    client = _client(owner)
    response = client.post(f"/clubs/{club.slug}/chips/grant/", _form(refused), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "wait for a second manager" not in html and "Boris" in html and "refused" in html, html
    assert wallet_balance(membership=refused) == 0


def test_the_refusal_is_said_in_russian_too(club: Club, owner, refused) -> None:
    client = _client(owner)
    response = client.post(
        f"/clubs/{club.slug}/chips/grant/", _form(refused), HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="ru"
    )
    html = response.content.decode()
    assert "Boris" in html and "отклон" in html, html


def test_a_take_back_sent_again_after_a_refusal_says_so_too(club: Club, owner: User, member_factory) -> None:
    from ledger.services import chips_grant

    member = member_factory()
    chips_grant(membership=member, amount=9000, actor=owner, reason="start", approved=True)
    second = Membership.objects.create(club=club, user=make_user("boris"), role=Membership.Role.MANAGER)
    form = {**_form(member), "kind": "revoke"}
    client = _client(owner)
    client.get(client.post(f"/clubs/{club.slug}/chips/grant/", form)["Location"])  # read its answer
    adjustment_refuse(adjustment_id=Adjustment.objects.get(member=member).pk, actor=second.user, note="no")
    response = client.post(f"/clubs/{club.slug}/chips/grant/", form)
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert len(said) == 1 and said[0].startswith("Taking back these 8000 chips from") and "(“no”)" in said[0]
    assert wallet_balance(membership=member) == 9000
