"""Review 149: the site's own search of clubs folds look-alike letters and case (``name_skeleton``,
``name_search_pattern``: "Оpen" with a Cyrillic О finds "Open Table"), but the admin's searches
matched the letters as typed: a manager who typed a member's name with one Cyrillic letter (a
Russian keyboard left on) found nobody among the members, the people, the ledger or the log. They
now fold the same way, besides matching as before."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from club import services
from club.models import Membership
from ledger.models import Adjustment
from ledger.services import chips_adjust, chips_grant

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

#: "Petar" and "Open" with Cyrillic letters (р, е; О), as a Russian keyboard types them.
PETAR = "\u0440\u0435tar"
OPEN = "\u041epen"


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def booked(club, owner, manager, member) -> None:
    """Chips granted to the member (an account, a journal, its entries), a grant waiting, a ban
    lifted (the log names him)."""
    chips_grant(membership=m(club, member), amount=100, actor=owner, reason="welcome")
    done = chips_adjust(
        member=m(club, member), kind="grant", amount=6_000, actor=manager, reason="prize", idempotency_key="p"
    )
    assert done.adjustment is not None and done.adjustment.status == Adjustment.Status.PENDING
    services.membership_suspend(
        membership=m(club, member),
        actor=owner,
        reason="tilt",
        until=timezone.now() + timezone.timedelta(days=1),
    )


def _found(client, name: str, q: str) -> int:
    page = client.get(reverse(name), {"q": q})
    assert page.status_code == 200
    return page.context["cl"].result_count


@pytest.mark.parametrize(
    ("name", "q", "typed"),
    [
        ("admin:club_membership_changelist", PETAR, "petar"),
        ("admin:club_membership_changelist", "P\u0435tar", "Petar"),  # the display name
        ("admin:club_membership_changelist", OPEN, "Open"),  # the club's name
        ("admin:club_auditlog_changelist", PETAR, "petar"),
        ("admin:club_club_changelist", OPEN, "Open"),
        ("admin:ledger_account_changelist", PETAR, "petar"),
        ("admin:ledger_entry_changelist", PETAR, "petar"),
        ("admin:ledger_journal_changelist", PETAR, "petar"),
        ("admin:ledger_adjustment_changelist", PETAR, "petar"),
    ],
)
def test_a_look_alike_search_finds_what_the_plain_one_does(booked, owner, name, q, typed) -> None:
    client = client_for(owner)
    plain = _found(client, name, typed)
    assert plain > 0
    assert _found(client, name, q) == plain


def test_the_people_list_folds_for_the_operator(booked, root) -> None:
    client = client_for(root)
    assert (
        _found(client, "admin:club_user_changelist", PETAR)
        == _found(client, "admin:club_user_changelist", "petar")
        == 1
    )


def test_a_name_nobody_has_still_finds_nobody(booked, owner) -> None:
    assert _found(client_for(owner), "admin:club_membership_changelist", "\u0440\u0435tra") == 0
    assert Membership.objects.filter(user__username="petar").exists()


@pytest.mark.parametrize("q", ["[(.*", "a\\b", "+?{2}", "'\"", "^$|"])
def test_signs_of_regular_expressions_are_searched_as_typed(booked, owner, q) -> None:
    assert _found(client_for(owner), "admin:club_membership_changelist", q) == 0


def test_a_search_for_nothing_visible_lists_nobody(booked, owner) -> None:
    """A zero-width space reads as nothing: its fold matched every row."""
    assert _found(client_for(owner), "admin:club_membership_changelist", "\u200b") == 0
