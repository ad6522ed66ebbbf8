"""The home page's lists of a user's clubs come from one read (``home_lists``): the same clubs, in the
same order, with the same counts, as the separate reads they replaced."""

from __future__ import annotations

import pytest

from club import selectors, services
from club.models import Membership

from .conftest import m

pytestmark = pytest.mark.django_db


def _separate(user) -> dict[str, list]:
    return {
        "my_clubs": list(selectors.club_list_for_user(user=user)),
        "pending_clubs": list(selectors.club_list_pending_for_user(user=user)),
        "waiting_requests": selectors.pending_requests_for_manager(user=user),
    }


def test_one_read_lists_what_the_separate_reads_did(club, approval_club, owner, manager, member, make_user):
    asker, banned = make_user("asker"), make_user("banned")
    services.membership_join(club=approval_club, user=asker)
    services.membership_join(club=approval_club, user=member)
    services.membership_join(club=club, user=banned)
    services.membership_ban(membership=m(club, banned), actor=owner, reason="cheating")
    assert m(club, banned).status == Membership.Status.BANNED
    for user in (owner, manager, member, asker, banned, make_user("nobody")):
        lists = selectors.home_lists(user=user)
        separate = _separate(user)
        for name in ("my_clubs", "pending_clubs", "waiting_requests"):
            assert lists[name] == separate[name], (user, name)
        assert [c.member_count for c in lists["my_clubs"]] == [c.member_count for c in separate["my_clubs"]]
    # The owner of the club where two requests wait is told; a member of it is not.
    assert selectors.home_lists(user=owner)["waiting_requests"] == [(approval_club, 2)]
    assert selectors.home_lists(user=member)["pending_clubs"] == [approval_club]
