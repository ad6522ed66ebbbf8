"""Review 142: a manager approved a request to join with the list's Approve button (htmx swaps the
members' section only), and the rest of his page stayed as it was before: "1 request to join waits
for your answer." above a list with no request in it, the old member count, and a grant form whose
list of members did not have the newcomer, so the next thing a manager does for a newcomer,
granting him chips, needed a reload first. The answer now carries those three parts of the page as
well (htmx out-of-band swaps); a refusal updates the notice the same way."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from club import services

from .conftest import client_for, m

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _no_time_zone() -> None:
    timezone.deactivate()


def _oob(page: str, element_id: str) -> str:
    """The out-of-band element ``element_id`` of an htmx answer, whole."""
    found = re.search(rf'<(\w+)[^>]*id="{element_id}"[^>]*hx-swap-oob="true"[^>]*>(.*?)</\1>', page, re.S)
    assert found, f"no out-of-band {element_id} in the answer"
    return found.group(0)


def test_approving_updates_the_count_the_notice_and_the_grant_list(approval_club, owner, make_user):
    vera = make_user("vera", display_name="Vera")
    gleb = make_user("gleb", display_name="Gleb")
    services.membership_join(club=approval_club, user=vera)
    services.membership_join(club=approval_club, user=gleb)
    client = client_for(owner)
    before = client.get(approval_club.get_absolute_url()).content.decode()
    assert 'id="member-count"' in before and 'id="pending-notice"' in before and 'id="grant-member"' in before
    url = f"{approval_club.get_absolute_url()}members/{m(approval_club, vera).pk}/approve/"
    page = client.post(url, **HTMX).content.decode()
    assert "2 members" in _oob(page, "member-count")
    assert "1 request to join waits for your answer." in _oob(page, "pending-notice")
    grant = _oob(page, "grant-member")
    assert f'value="{m(approval_club, vera).pk}"' in grant and "Vera (@vera)" in grant
    url = f"{approval_club.get_absolute_url()}members/{m(approval_club, gleb).pk}/refuse/"
    page = client.post(url, **HTMX).content.decode()
    assert "request to join" not in _oob(page, "pending-notice")
    assert "2 members" in _oob(page, "member-count")


def test_a_plain_post_and_a_members_page_carry_no_out_of_band_parts(approval_club, owner, make_user):
    vera = make_user("vera", display_name="Vera")
    services.membership_join(club=approval_club, user=vera)
    client = client_for(owner)
    url = f"{approval_club.get_absolute_url()}members/{m(approval_club, vera).pk}/approve/"
    page = client.post(url, follow=True).content.decode()
    assert "hx-swap-oob" not in page
    assert page.count('id="member-count"') == 1 and page.count('id="grant-member"') == 1
