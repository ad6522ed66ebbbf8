"""Review 121: the admin's "Approve the selected" applied to "all N across the pages" (Django's
select-across) decided the list as it stood when the action ran: a grant another manager filed
after the list was shown was approved with the rest, unseen, and its chips booked. Such a selection
is refused whole now, saying so; rows ticked on the page, and a selection that still matches, are
decided as before."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from club import services as club_services
from club.models import Club, Membership
from ledger.models import Adjustment
from ledger.services import chips_adjust
from tests.club.conftest import client_for
from tests.club.page_form import form_sent

pytestmark = pytest.mark.django_db

LIST = "admin:ledger_adjustment_changelist"


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.fixture
def setting(make_user, make_club):
    owner = make_user("olga", display_name="Olga")
    club = make_club(owner, "Books")
    Club.objects.filter(pk=club.pk).update(four_eyes_above=100)
    misha = make_user("misha", display_name="Misha")
    club_services.membership_join(club=club, user=misha)
    club_services.membership_set_role(
        membership=Membership.objects.get(club=club, user=misha), actor=owner, role=Membership.Role.MANAGER
    )
    petar = make_user("petar", display_name="Petar")
    club_services.membership_join(club=club, user=petar)
    return owner, misha, club, petar


def _file(misha, club, petar, key: str) -> Adjustment:
    member = Membership.objects.select_related("club").get(club=club, user=petar)
    done = chips_adjust(
        member=member, kind="grant", amount=500, actor=misha, reason="welcome", idempotency_key=key
    )
    assert done.adjustment is not None
    return done.adjustment


def _shown(client) -> dict[str, list[str]]:
    page = client.get(reverse(LIST))
    assert page.status_code == 200
    return form_sent(page.content.decode(), "changelist-form")


def _said(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_a_grant_filed_after_the_list_was_shown_is_not_approved_across_pages(setting):
    owner, misha, club, petar = setting
    seen = _file(misha, club, petar, "a1")
    client = client_for(owner)
    sent = _shown(client)
    unseen = _file(misha, club, petar, "a2")  # filed while the list is open
    data = {
        **sent,
        "action": ["approve_selected"],
        "select_across": ["1"],
        "_selected_action": [str(seen.pk)],
    }
    response = client.post(reverse(LIST), data)
    assert any("after the list was shown" in t for t in _said(response)), _said(response)
    for row in (seen, unseen):
        row.refresh_from_db()
        assert row.status == Adjustment.Status.PENDING


def test_a_selection_that_still_matches_is_approved(setting):
    owner, misha, club, petar = setting
    seen = _file(misha, club, petar, "b1")
    client = client_for(owner)
    sent = _shown(client)
    sent["shown_at"] = [(timezone.now() + timedelta(seconds=1)).isoformat()]
    data = {
        **sent,
        "action": ["approve_selected"],
        "select_across": ["1"],
        "_selected_action": [str(seen.pk)],
    }
    client.post(reverse(LIST), data)
    seen.refresh_from_db()
    assert seen.status == Adjustment.Status.APPROVED


def test_ticked_rows_are_decided_as_before(setting):
    owner, misha, club, petar = setting
    seen = _file(misha, club, petar, "c1")
    client = client_for(owner)
    sent = _shown(client)
    unseen = _file(misha, club, petar, "c2")
    client.post(reverse(LIST), {**sent, "action": ["approve_selected"], "_selected_action": [str(seen.pk)]})
    seen.refresh_from_db()
    unseen.refresh_from_db()
    assert (seen.status, unseen.status) == (Adjustment.Status.APPROVED, Adjustment.Status.PENDING)
