"""Review 21: before leaving, a member read "You can ask to join again later, as a new member.": as
if his chips went with the membership (they stay in his wallet and are his again when he comes
back), and in an invite-only club, where nobody can ask to join, as if he could. The confirmation
(the club page's and the leave page) says what becomes of his chips and how he can come back."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club import services
from club.models import Club, Membership
from ledger.services import chips_grant

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def _pages(club: Club, user, language: str) -> list[str]:
    client = client_for(user)
    # The club page's box (fetched with htmx when opened) and the leave page without JavaScript.
    leave = reverse("club_leave", args=[club.slug])
    return [
        client.get(leave, HTTP_ACCEPT_LANGUAGE=language, HTTP_HX_REQUEST="true").content.decode(),
        client.get(leave, HTTP_ACCEPT_LANGUAGE=language).content.decode(),
    ]


def test_the_leave_confirmation_tells_what_becomes_of_the_chips(club, owner, member):
    chips_grant(membership=m(club, member), amount=120, actor=owner, reason="start")
    for page in _pages(club, member, "en"):
        assert "as a new member" not in page
        assert "Your 120 chips stay yours: you find them here again if you come back." in page
        assert "You can join again at any time." in page
    for page in _pages(club, member, "ru"):
        assert "Ваши 120 фишек остаются вашими" in page and "как новый участник" not in page
    for page in _pages(club, member, "bg"):
        assert "Вашите 120 чипа остават ваши" in page and "като нов член" not in page
    # And so it is: he leaves and comes back to his 120 chips.
    client_for(member).post(reverse("club_leave", args=[club.slug]), {"confirm": "1"})
    assert m(club, member).status == Membership.Status.LEFT
    services.membership_join(club=club, user=member)
    from ledger.selectors import wallet_balance

    assert wallet_balance(membership=m(club, member)) == 120


def test_the_way_back_is_the_clubs(invite_club, approval_club, member, owner):
    services.membership_join(club=approval_club, user=member)
    services.membership_approve(membership=m(approval_club, member), actor=owner)
    invite = services.invite_create(club=invite_club, actor=owner)
    services.invite_accept(code=invite.code, user=member)
    for page in _pages(invite_club, member, "en"):
        assert "To come back you need an invite link from a manager." in page
        assert "ask to join" not in page
        assert "chips stay yours" not in page  # he has none
    for page in _pages(approval_club, member, "bg"):
        assert "За да се върнете, поискайте отново да се присъедините" in page
