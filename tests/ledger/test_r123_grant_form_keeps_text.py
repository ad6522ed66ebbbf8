"""The managers' grant form sent as a plain form (no JavaScript) and refused (an amount of 0, a reason
holding a character the site refuses) went back to the club page with an empty form: the reason
typed was lost (its htmx form kept it). Review 123: the page is shown again with the form holding
what was typed, its errors beside it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from club import services
from club.models import Membership, User
from ledger.models import Journal

pytestmark = pytest.mark.django_db

REASON = "Prize for the Friday tournament"


@pytest.fixture(autouse=True)
def _no_time_zone() -> None:
    timezone.deactivate()


def _grant_form(html: str) -> str:
    return html.split('id="grant-form"', 1)[1].split("</form>", 1)[0]


def test_a_refused_plain_grant_keeps_what_was_typed(make_user, make_club):
    owner = make_user("olga", display_name="Olga")
    club = make_club(owner, "Open Table")
    vera = make_user("vera", display_name="Vera")
    services.membership_join(club=club, user=vera)
    member = Membership.objects.get(club=club, user=vera)
    client = Client()
    client.force_login(User.objects.get(pk=owner.pk))
    page = client.get(club.get_absolute_url()).content.decode()
    token = _grant_form(page).split('name="token" value="', 1)[1].split('"', 1)[0]
    sent = {"member": member.pk, "kind": "grant", "amount": "0", "reason": REASON, "token": token}
    response = client.post(f"{club.get_absolute_url()}chips/grant/", sent)
    assert response.status_code == 200
    form = _grant_form(response.content.decode())
    assert f'value="{REASON}"' in form, form
    assert f'<option value="{member.pk}" selected>' in form, form
    assert "errorlist" in form  # what was wrong, beside its field
    assert not Journal.objects.filter(kind="grant", memo=REASON).exists()
