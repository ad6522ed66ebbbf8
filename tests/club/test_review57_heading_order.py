"""Review 57: a manager's club page went from its title (h1) straight to 'Grant chips', 'Waiting for a
second manager' and 'Members asking for chips' as h3: a screen reader user moving by headings heard
level three under level one, as if a level were missing. They are h2, like the page's other parts."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from ledger.services import chips_adjust
from ledger.services.adjustments import chips_request

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def _levels(html: str) -> list[int]:
    return [int(level) for level in re.findall(r"<h([1-6])[\s>]", html)]


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_manager_s_club_page_skips_no_heading_level(club, owner, member, language) -> None:
    club.four_eyes_above = 10
    club.save()
    membership = m(club, member)
    chips_adjust(member=membership, kind="grant", amount=50, actor=owner, reason="big", idempotency_key="r57")
    chips_request(member=m(club, member), amount=5, note="please")
    client = client_for(owner)
    client.cookies["django_language"] = language
    html = client.get(club.get_absolute_url()).content.decode()
    assert 'id="grant-form"' in html
    levels = _levels(html)
    assert levels[0] == 1 and levels.count(1) == 1, levels
    for before, after in pairwise(levels):
        assert after <= before + 1, levels
