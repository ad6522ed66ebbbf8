"""Template helpers for the club page's chips box (templates/ledger/_club_chips.html)."""

from __future__ import annotations

from typing import Any

from django import template
from django.db.models import QuerySet, Sum

from club.models import Club, Membership, User
from games.prepared import Prepared

from ..forms import GrantForm
from ..labels import journal_memo_words, user_label
from ..models import Account, Adjustment, ChipRequest, Entry
from ..selectors import wallet_balance

register = template.Library()


@register.simple_tag
def ledger_wallet_balance(membership: Membership | None) -> int:
    # The club page reads the balance with the membership (``membership_get_with_wallet``).
    if membership is not None and "wallet_balance" in membership.__dict__:
        return membership.__dict__["wallet_balance"] or 0
    return wallet_balance(membership=membership) if membership is not None and membership.pk else 0


@register.simple_tag
def chips_waiting_on_leaving(membership: Membership | None) -> dict[str, int]:
    """What his leaving withdraws (``requests_withdraw_on_leaving``): the chips of his open request
    (``asked``) and of the grants to him that wait for a second manager (``granted``). The leave box
    said only that his wallet's chips stay his: he read they were withdrawn on coming back (review 139)."""
    if membership is None or not membership.pk or not membership.is_active:
        return {"asked": 0, "granted": 0}
    asked = ChipRequest.objects.filter(member=membership, status=ChipRequest.Status.OPEN).aggregate(
        total=Sum("amount")
    )["total"]
    granted = Adjustment.objects.filter(
        member=membership, kind=Adjustment.Kind.GRANT, status=Adjustment.Status.PENDING
    ).aggregate(total=Sum("amount"))["total"]
    return {"asked": asked or 0, "granted": granted or 0}


@register.simple_tag
def ledger_wallet_moved(membership: Membership | None) -> bool:
    """Whether chips ever came into the member's wallet: one whose wallet is empty because his chips
    are at a table, or were lost there, was told he had "no chips yet" (review 101)."""
    if membership is None or not membership.pk:
        return False
    return Entry.objects.filter(account__member=membership, account__kind=Account.Kind.WALLET).exists()


@register.simple_tag
def ledger_grant_form(club: Club, kept: Any = None) -> GrantForm:
    """An empty grant form, or ``kept``: a refused one shown again holding what was typed."""
    return kept if isinstance(kept, GrantForm) else GrantForm(club=club)


@register.filter(name="grant_reason")
def grant_reason(reason: str) -> str:
    """A grant's reason as its journal's memo reads: the site's own words ("Asked for by the
    member", written in the answering manager's language) in the reader's."""
    return journal_memo_words(kind="grant", memo=reason or "", deal_id=None)


@register.filter(name="user_label")
def user_label_filter(user: User | None) -> str:
    """ "Vera (@vera)": display names are not unique, usernames are."""
    return user_label(user) if user is not None else ""


#: Adjustments and chip requests the club page lists for its managers, oldest first.
WAITING_SHOWN = 50


def _manages_switched_off(club: Club, user: User) -> bool:
    """Is ``user``, whose grant no manager may approve now, a manager of ``club`` whose account the
    site switched off (``adjustment_approve`` says so), rather than one demoted, suspended or gone?"""
    if user.is_active:
        return False
    membership = Membership.objects.filter(club=club, user=user).first()
    return membership is not None and membership.manages_now


@register.simple_tag
def chips_waiting(club: Club) -> dict[str, object]:
    """What waits for the managers: adjustments for a second manager, and members' requests, the
    oldest ``WAITING_SHOWN`` of each, and whether more wait after them (one row more is read)."""
    from ..models import Adjustment, ChipRequest

    adjustments = list(
        Adjustment.objects.filter(club=club, status=Adjustment.Status.PENDING)
        .select_related("member__user", "requested_by")
        .order_by("created_at", "pk")[: WAITING_SHOWN + 1]
    )
    if adjustments:
        # One waiting with nobody who could decide it (the owner alone in his club) says so, not
        # "another manager decides".
        from ..selectors import deciding_managers, first_back, managers_suspended, nobody_decides

        managers = deciding_managers(club=club)
        suspended: list[Membership] | None = None
        for adjustment in adjustments:
            adjustment.nobody_decides = nobody_decides(
                managers=managers,
                asker_id=adjustment.requested_by_id,
                member_user_id=adjustment.member.user_id,
            )
            # Its asker suspended, demoted or gone since: Approve was offered, and the service
            # refuses it (four eyes are two managers, ``adjustment_approve``).
            adjustment.asker_gone = adjustment.requested_by_id not in managers
            # Still a manager, his account switched off by the site: the service says that, and
            # "no longer manages the club" told the owner of a demotion nobody made (review 160).
            adjustment.asker_off = adjustment.asker_gone and _manages_switched_off(
                club, adjustment.requested_by
            )
            # Nobody now, but a manager whose suspension ends can then: "no other manager yet" was
            # said of a club that has one (review 156).
            adjustment.decider_back = None
            if adjustment.nobody_decides:
                if suspended is None:
                    suspended = managers_suspended(club=club)
                adjustment.decider_back = first_back(
                    suspended=suspended,
                    asker_id=adjustment.requested_by_id,
                    member_user_id=adjustment.member.user_id,
                )
            # A grant to a member banned since it was filed cannot be booked ("Only active members
            # can hold chips"): its Approve button only refused. It waits for the ban's end (a ban
            # is not his doing, unlike a leave, which withdraws it), and may be refused meanwhile.
            adjustment.member_banned = (
                adjustment.kind == Adjustment.Kind.GRANT
                and adjustment.member.status == Membership.Status.BANNED
            )
    # Only members' requests: one who asked and then left (or was banned) cannot be granted
    # chips ("Only active members can hold chips"), so his request waits until he is back.
    requests = list(
        ChipRequest.objects.filter(
            club=club, status=ChipRequest.Status.OPEN, member__status=Membership.Status.ACTIVE
        )
        .select_related("member__user")
        .order_by("created_at", "pk")[: WAITING_SHOWN + 1]
    )
    return {
        "adjustments": adjustments[:WAITING_SHOWN],
        "more_adjustments": len(adjustments) > WAITING_SHOWN,
        "requests": requests[:WAITING_SHOWN],
        "more_requests": len(requests) > WAITING_SHOWN,
        "shown": WAITING_SHOWN,
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
