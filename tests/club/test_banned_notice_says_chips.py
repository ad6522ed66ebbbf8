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
    assert "800 chips" in said and "once the ban ends" in said


def test_a_ban_with_no_end_says_a_manager_must_lift_it(club, owner, member):
    chips_grant(membership=m(club, member), amount=1, actor=owner, reason="welcome", idempotency_key="bn:2")
    services.membership_ban(membership=m(club, member), actor=owner, reason="rude")
    said = _notice(_page(club, member))
    assert "holds 1 chip: it stays yours" in said and "once a manager lifts the ban" in said


def test_no_chips_no_line(club, owner, member):
    services.membership_ban(membership=m(club, member), actor=owner, reason="rude")
    assert "chip" not in _notice(_page(club, member))


def test_in_russian(club, owner, member):
    chips_grant(membership=m(club, member), amount=800, actor=owner, reason="welcome", idempotency_key="bn:3")
    services.membership_ban(membership=m(club, member), actor=owner, reason="rude")
    said = _notice(_page(club, member, "ru"))
    assert "800 фишек" in said, said


def _invite_page(club, owner, member, language: str = "en") -> str:
    invite = services.invite_create(club=club, actor=owner)
    client = Client()
    client.force_login(member)
    client.cookies["django_language"] = language
    return client.get(invite.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_the_way_back_is_the_clubs_not_the_bans_end(invite_club, owner, member):
    """Review 90: Petar, banned for a week from an invite-only club, read on its invite page that he
    could play with his chips again when the ban ended. A ban that ends (or is lifted) leaves him out
    of the club: in this one he needs an invite to come back, and the notice now says so."""
    invite = services.invite_create(club=invite_club, actor=owner)
    services.invite_accept(code=invite.code, user=member)
    mine = m(invite_club, member)
    chips_grant(membership=mine, amount=800, actor=owner, reason="w", idempotency_key="bn:5")
    week = timezone.now() + timedelta(days=7)
    services.membership_ban(membership=mine, actor=owner, reason="rude", until=week)
    for page in (_page(invite_club, member), _invite_page(invite_club, owner, member)):
        said = _notice(page)
        assert "800 chips" in said and "can play with them again" not in said
        assert "if you join the club again once the ban ends" in said
        assert "To come back you need an invite link from a manager." in said
    said = _notice(_page(invite_club, member, "ru"))
    assert "800 фишек" in said and "нужна ссылка-приглашение" in said and "сможете играть" not in said


def test_lifted_in_an_approval_club_he_asks_again(approval_club, owner, member):
    services.membership_join(club=approval_club, user=member)
    services.membership_approve(membership=m(approval_club, member), actor=owner)
    mine = m(approval_club, member)
    chips_grant(membership=mine, amount=2, actor=owner, reason="w", idempotency_key="bn:6")
    services.membership_ban(membership=m(approval_club, member), actor=owner, reason="rude")
    said = _notice(_page(approval_club, member, "bg"))
    assert "2 чипа" in said and "поискайте отново да се присъедините" in said
    said = _notice(_page(approval_club, member))
    assert "if you join the club again once a manager lifts the ban" in said
