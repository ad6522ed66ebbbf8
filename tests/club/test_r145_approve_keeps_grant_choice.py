"""Review 145: since review 142 an Approve on the club page sends the grant form's list of members
again, so the newcomer is in it; the list came back with no member chosen. A manager who had chosen
a member in the grant form (and typed the chips) and then let a newcomer in found "---------" in it:
his choice was gone, and his grant was refused for want of a member. The Approve button sends the
member chosen, and the list comes back with him chosen."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from club import services

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _no_time_zone() -> None:
    timezone.deactivate()


def _grant_select(page: str) -> str:
    found = re.search(r'<span id="grant-member" hx-swap-oob="true">(.*?)</span>', page, re.S)
    assert found, "no grant list in the answer"
    return found.group(1)


def test_the_member_chosen_in_the_grant_form_stays_chosen(approval_club, owner, make_user):
    gleb = make_user("gleb", display_name="Gleb")
    services.membership_join(club=approval_club, user=gleb)
    services.membership_approve(membership=m(approval_club, gleb), actor=owner)
    vera = make_user("vera", display_name="Vera")
    services.membership_join(club=approval_club, user=vera)
    client = client_for(owner)
    page = client.get(approval_club.get_absolute_url()).content.decode()
    # The Approve button sends the grant form's member along with it.
    approve = re.search(r'<form[^>]*/approve/"[^>]*>', page)
    assert approve and "#grant-member" in approve.group(0), approve and approve.group(0)
    url = f"{approval_club.get_absolute_url()}members/{m(approval_club, vera).pk}/approve/"
    chosen = m(approval_club, gleb).pk
    page = client.post(url, {"people": "1", "member": str(chosen)}, **HTMX).content.decode()
    select = _grant_select(page)
    assert f'value="{m(approval_club, vera).pk}"' in select
    assert re.search(rf'<option value="{chosen}"[^>]*selected', select), select


def test_nothing_chosen_nothing_chosen_and_a_stranger_not_chosen(approval_club, owner, make_user):
    vera = make_user("vera", display_name="Vera")
    services.membership_join(club=approval_club, user=vera)
    client = client_for(owner)
    url = f"{approval_club.get_absolute_url()}members/{m(approval_club, vera).pk}/approve/"
    page = client.post(url, {"member": "999999"}, **HTMX).content.decode()
    assert "selected" not in _grant_select(page).replace('value="" selected', "")
