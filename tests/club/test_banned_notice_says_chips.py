"""Petar, banned, opened the club's page: it said why and until when, and nothing of the 800 chips in
his wallet there (My chips is closed to him). Were they gone, kept, given to the club? The notice says
they stay his, and when he can play with them again, in his language."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club import services
from ledger.services import chips_grant

from .conftest import m

pytestmark = pytest.mark.django_db


def _notice(page: str) -> str:
    start = page.index('id="banned-notice"')
    return page[start : page.index("</div>", start)]


def _page(club, member, language: str = "en") -> str:
    client = Client()
    client.force_login(member)
    client.cookies["django_language"] = language
    return client.get(club.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_a_ban_with_an_end_says_the_chips_stay_his_until_it_ends(club, owner, member):
    chips_grant(membership=m(club, member), amount=800, actor=owner, reason="welcome", idempotency_key="bn:1")
    services.membership_ban(
        membership=m(club, member), actor=owner, reason="rude", until=timezone.now() + timedelta(days=3)
    )
    said = _notice(_page(club, member))
    assert "800 chips" in said and "when the ban ends" in said


def test_a_ban_with_no_end_says_a_manager_must_lift_it(club, owner, member):
    chips_grant(membership=m(club, member), amount=1, actor=owner, reason="welcome", idempotency_key="bn:2")
    services.membership_ban(membership=m(club, member), actor=owner, reason="rude")
    said = _notice(_page(club, member))
    assert "holds 1 chip: it stays yours" in said and "if a manager lifts the ban" in said


def test_no_chips_no_line(club, owner, member):
    services.membership_ban(membership=m(club, member), actor=owner, reason="rude")
    assert "chip" not in _notice(_page(club, member))


def test_in_russian(club, owner, member):
    chips_grant(membership=m(club, member), amount=800, actor=owner, reason="welcome", idempotency_key="bn:3")
    services.membership_ban(membership=m(club, member), actor=owner, reason="rude")
    said = _notice(_page(club, member, "ru"))
    assert "800 фишек" in said, said
