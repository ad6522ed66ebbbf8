"""The nightly dormant mark (review 13): "a member for 90 days" counts from the day he became a member
this time, not from the day his membership row was first written. A request that waited 120 days and
was approved yesterday, or a member who left long ago and came back today, is a newcomer, not a
sleeper."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from club import services as club_services
from club.models import AuditLog, Membership
from games.jobs_inactivity import members_mark_dormant


def test_a_member_approved_or_back_lately_is_not_dormant(make_user, make_club, owner):
    door = make_club(owner, "Door Club", join_policy="approval")
    open_club = make_club(owner, "Open Door Club")
    waited, back, sleeper = make_user("waited"), make_user("back"), make_user("sleeper")
    now = timezone.now()

    def days_ago(days: int, *, user, action: str) -> None:
        """Date the latest audit row of ``action`` about ``user`` ``days`` ago (the rows' own clock)."""
        row = AuditLog.objects.filter(target_user=user, action=action).latest("pk")
        AuditLog.objects.filter(pk=row.pk).update(created_at=now - timedelta(days=days))

    club_services.membership_join(club=open_club, user=sleeper)
    days_ago(300, user=sleeper, action="membership.joined")
    club_services.membership_join(club=open_club, user=back)
    days_ago(300, user=back, action="membership.joined")
    club_services.membership_leave(club=open_club, user=back)
    days_ago(200, user=back, action="membership.left")
    club_services.membership_join(club=door, user=waited)  # a request, waiting
    days_ago(120, user=waited, action="membership.requested")
    club_services.membership_approve(membership=Membership.objects.get(club=door, user=waited), actor=owner)
    days_ago(1, user=waited, action="membership.approved")
    club_services.membership_join(club=open_club, user=back)  # back today
    # Each membership row was written long ago: the request 120 days ago, the first joins 300.
    Membership.objects.filter(user__in=[sleeper, back]).update(created_at=now - timedelta(days=300))
    Membership.objects.filter(user=waited).update(created_at=now - timedelta(days=120))

    assert members_mark_dormant()["marked"] == 1
    dormant = set(
        Membership.objects.filter(dormant_since__isnull=False).values_list("user__username", flat=True)
    )
    assert dormant == {"sleeper"}, "a member since yesterday or today is not dormant"
