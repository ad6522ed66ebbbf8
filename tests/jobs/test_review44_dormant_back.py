"""A dormant member who left and came back (or asked again and was let in) before the next night's
mark still read "dormant since <the old date>" in the managers' list, and stayed so until he played
(review 44): the nightly run clears the mark only of members who are not active, and one who came back
is active again. Whether a night fell between his leaving and his return decided what managers read.
A membership revived starts without the mark, as one that waited a night for it does."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club import services as club_services
from club.models import AuditLog, Membership
from games.jobs_inactivity import members_dormant, members_mark_dormant


def _approve(club, user, owner) -> None:
    club_services.membership_approve(membership=Membership.objects.get(club=club, user=user), actor=owner)


def _long_ago(user, club, now) -> None:
    """He joined ``club`` 300 days ago and has not played since."""
    AuditLog.objects.filter(target_user=user, club=club).update(created_at=now - timedelta(days=300))
    Membership.objects.filter(user=user, club=club).update(created_at=now - timedelta(days=300))


@pytest.mark.parametrize("door", ["open", "approval"])
def test_a_dormant_member_back_before_the_night_is_not_listed_dormant(make_user, make_club, owner, door):
    club = make_club(owner, f"Sleepers {door}", join_policy=door)
    sleeper, other = make_user("sleeper"), make_user("other")
    now = timezone.now()
    for user in (sleeper, other):
        club_services.membership_join(club=club, user=user)
        if door == "approval":
            _approve(club, user, owner)
        _long_ago(user, club, now)
    assert members_mark_dormant(now=now)["marked"] == 2
    assert {m.user for m in members_dormant(club=club)} == {sleeper, other}

    club_services.membership_leave(club=club, user=sleeper)
    club_services.membership_join(club=club, user=sleeper)  # back the same day
    if door == "approval":
        _approve(club, sleeper, owner)

    # Independently of the job: he is a member again since today, so by the rule (no deal for 90 days
    # *as a member*) he is no sleeper; the other one still is.
    assert {m.user for m in members_dormant(club=club)} == {other}
    members_mark_dormant(now=now + timedelta(hours=20))  # the next night changes nothing of it
    assert {m.user for m in members_dormant(club=club)} == {other}
    assert Membership.objects.get(club=club, user=sleeper).dormant_since is None
