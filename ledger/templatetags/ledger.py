"""Template helpers for the club page's chips box (templates/ledger/_club_chips.html)."""

from __future__ import annotations

from django import template
from django.db.models import QuerySet

from club.models import Club, Membership, User
from games.prepared import Prepared

from ..forms import GrantForm
from ..labels import user_label
from ..models import ChipRequest
from ..selectors import wallet_balance

register = template.Library()


@register.simple_tag
def ledger_wallet_balance(membership: Membership | None) -> int:
    return wallet_balance(membership=membership) if membership is not None and membership.pk else 0


@register.simple_tag
def ledger_grant_form(club: Club) -> GrantForm:
    return GrantForm(club=club)


@register.filter(name="user_label")
def user_label_filter(user: User | None) -> str:
    """ "Vera (@vera)": display names are not unique, usernames are."""
    return user_label(user) if user is not None else ""


@register.simple_tag
def chips_waiting(club: Club) -> dict[str, object]:
    """What waits for the managers: adjustments for a second manager, and members' requests."""
    from ..models import Adjustment, ChipRequest

    return {
        "adjustments": Adjustment.objects.filter(club=club, status=Adjustment.Status.PENDING)
        .select_related("member__user", "requested_by")
        .order_by("created_at")[:50],
        "requests": ChipRequest.objects.filter(club=club, status=ChipRequest.Status.OPEN)
        .select_related("member__user")
        .order_by("created_at")[:50],
    }


@register.simple_tag
def my_chip_requests(membership: Membership | None) -> list[object]:
    if membership is None or not membership.pk:
        return []
    return _MY_REQUESTS(membership.pk)


def _my_requests(member_id: int) -> QuerySet[ChipRequest]:
    mine = ChipRequest.objects.filter(member_id=member_id).select_related("adjustment")
    return mine.order_by("-created_at")[:3]


# A member's last requests, on every club page he opens: compiled once per process (games.prepared).
_MY_REQUESTS = Prepared(_my_requests)
