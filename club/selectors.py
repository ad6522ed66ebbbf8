"""Reads for clubs and memberships."""

from __future__ import annotations

from django.db.models import Count, Q, QuerySet

from .models import Club, Membership, User

Status = Membership.Status


def membership_get(*, club: Club, user: User) -> Membership | None:
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(club=club, user=user).first()


def club_list_for_user(*, user: User) -> QuerySet[Club]:
    """The clubs a user belongs to (active), with the member count."""
    return (
        Club.objects.filter(memberships__user=user, memberships__status=Status.ACTIVE)
        .annotate(member_count=Count("memberships", filter=Q(memberships__status=Status.ACTIVE)))
        .order_by("name")
    )


def club_list_joinable(*, user: User | None) -> QuerySet[Club]:
    """Clubs anyone may find: open and by-approval ones the user is not already active in."""
    qs = Club.objects.exclude(join_policy=Club.JoinPolicy.INVITE).annotate(
        member_count=Count("memberships", filter=Q(memberships__status=Status.ACTIVE))
    )
    if user is not None and user.is_authenticated:
        qs = qs.exclude(
            memberships__user=user, memberships__status__in=[Status.ACTIVE, Status.BANNED]
        )
    return qs.order_by("name")


def club_members(*, club: Club, status: str = Status.ACTIVE) -> QuerySet[Membership]:
    return (
        Membership.objects.filter(club=club, status=status)
        .select_related("user")
        .order_by("role", "user__username")
    )


def clubs_managed_by(*, user: User) -> QuerySet[Club]:
    """Clubs where the user is an active owner or manager: what the admin lets them see."""
    return Club.objects.filter(
        memberships__user=user,
        memberships__status=Status.ACTIVE,
        memberships__role__in=[Membership.Role.OWNER, Membership.Role.MANAGER],
    )
