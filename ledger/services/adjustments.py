"""Four eyes on chips: big grants and revokes, and any grant to oneself, wait for a second manager.

``chips_adjust`` is the managers' one way to grant or revoke: it books at once what one manager may
decide alone, and files an ``Adjustment`` for the rest. Another manager (not the one who asked, nor
the member it is for) approves it, which books the journal, or refuses it, which leaves the refusal
on record. The adjustment row is locked while it is decided, so two managers approving at once book
once. Members ask for chips with ``chips_request``; a manager answers it through ``chips_adjust``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from club.errors import NotAllowed, ServiceError
from club.models import Club, Membership, User
from club.services import audit_log_write, membership_require_manager, membership_require_rank

from ..errors import IdempotencyConflict, LedgerError
from ..models import Adjustment, ChipRequest, Entry, Journal
from ..selectors import wallet_balance
from .operations import (
    _amount,
    _require_active,
    chips_grant_result,
    chips_revoke_result,
    grant_within_limits,
    revoke_short,
)
from .posting import _existing, account_treasury, account_wallet

Kind = Adjustment.Kind
Status = Adjustment.Status


@dataclass(frozen=True)
class Adjusted:
    """What ``chips_adjust`` did: booked a journal, or filed an adjustment for a second manager."""

    journal: Journal | None
    adjustment: Adjustment | None
    repeated: bool = False  # the same request came again: nothing new happened


#: Grants (or revokes) one manager made alone to one member count together over this window, so a big
#: grant cut into pieces just under the threshold still waits for a second manager.
FOUR_EYES_WINDOW = timedelta(hours=24)


def _moved_alone_lately(*, member: Membership, actor: User, kind: str, key: str) -> int:
    """Chips this manager granted (or revoked) to this member on his own within the window, but for
    the journal of ``key`` (the same form sent again is the same grant, not another)."""
    moved = (
        Entry.objects.exclude(journal__idempotency_key=key)
        .filter(
            journal__kind=kind,
            journal__actor=actor,
            journal__created_at__gte=timezone.now() - FOUR_EYES_WINDOW,
            journal__adjustment__isnull=True,  # a second manager approved those
            account__member=member,
        )
        .aggregate(total=Sum("amount"))
        .get("total")
    )
    return abs(moved or 0)


def needs_second_manager(
    *, club: Club, member: Membership, actor: User, kind: str, amount: int, key: str = ""
) -> bool:
    if kind == Kind.GRANT and member.user_id == actor.pk:
        return True
    lately = _moved_alone_lately(member=member, actor=actor, kind=kind, key=key)
    return amount + lately > club.four_eyes_above


def _book(
    *, kind: str, member: Membership, amount: int, actor: User, reason: str, key: str
) -> tuple[Journal, bool]:
    if kind == Kind.GRANT:
        result = chips_grant_result(
            membership=member, amount=amount, actor=actor, reason=reason, idempotency_key=key, approved=True
        )
        return result.journal, result.created
    result = chips_revoke_result(
        membership=member, amount=amount, actor=actor, reason=reason, idempotency_key=key, approved=True
    )
    return result.journal, result.created


def chips_adjust(
    *, member: Membership, kind: str, amount: int, actor: User, reason: str, idempotency_key: str
) -> Adjusted:
    """Grant or revoke chips: at once, or (four eyes) as an adjustment another manager decides."""
    if kind not in Kind.values:
        raise LedgerError(_("A manager grants or revokes chips."))
    amount = _amount(amount)
    reason = (reason or "").strip()
    if not reason:
        raise LedgerError(_("Say why."))
    club = member.club
    mine = membership_require_manager(club=club, actor=actor)
    if kind == Kind.REVOKE:
        membership_require_rank(mine=mine, target=member)
    if kind == Kind.GRANT and not _sent_before(idempotency_key):
        # The club's limits are for a new grant: the same form sent again is answered by what it did
        # (below), whatever the limits say now (review 101).
        grant_within_limits(membership=member, amount=amount, actor=actor)
    with transaction.atomic():
        # One member's adjustments one at a time: the window's total read by ``needs_second_manager``
        # stays true until this one is booked. Without the lock, six grants of 3,000 sent at the same
        # moment each read the same empty window and all six were booked by one manager alone.
        # FOR NO KEY UPDATE on his row alone, as every membership lock (club.services
        # ._lock_membership): a table dealing him in meanwhile still writes its rows that point at
        # his. And read again under it: the form's member, read before, was still active for a
        # grant booked after a ban or a leave had committed (review 18).
        member = _member_locked(member.pk, also=mine.pk)
        # His own rank read again under the lock on his row too: a manager demoted or banned after
        # the form was read still had his grant booked (review 18's note).
        mine = membership_require_manager(club=club, actor=actor)
        if kind == Kind.REVOKE:
            membership_require_rank(mine=mine, target=member)
        # The same form again (a double click, a browser's retry) is answered by what the first one
        # did, whatever the window or the club's threshold says now: asked again after the owner
        # raised the threshold, a grant filed for a second manager was booked at once as well (and
        # booked again when approved); after he lowered it, one booked at once was filed again for
        # approval (review 18).
        existing = Adjustment.objects.filter(request_key=idempotency_key).first()
        if existing is not None:
            if (existing.member_id, existing.kind, existing.amount) != (member.pk, kind, amount):
                raise LedgerError(_("This form was already used for another request; reload the page."))
            return Adjusted(journal=existing.journal, adjustment=existing, repeated=True)
        booked = Journal.objects.filter(idempotency_key=idempotency_key).exists()
        before = (
            _booked_before(kind=kind, member=member, amount=amount, key=idempotency_key) if booked else None
        )
        if before is not None:
            # Before the club's limits, which may have changed since: sent again after the owner
            # lowered the largest grant, 3000 chips booked were refused as "at most 2000", and the
            # manager read that nothing was booked (review 101).
            return Adjusted(journal=before, adjustment=None, repeated=True)
        if booked or not needs_second_manager(
            club=club, member=member, actor=actor, kind=kind, amount=amount, key=idempotency_key
        ):
            journal, created = _book(
                kind=kind, member=member, amount=amount, actor=actor, reason=reason, key=idempotency_key
            )
            return Adjusted(journal=journal, adjustment=None, repeated=not created)
        if kind == Kind.GRANT:
            _require_active(member)  # as a grant booked at once is
        if kind == Kind.REVOKE:
            # Refused now, as a revoke booked at once is: filed, it waited for a second manager who
            # could only be told the chips are not there.
            balance = wallet_balance(membership=member)
            if amount > balance:
                raise revoke_short(membership=member, amount=amount, balance=balance)
        try:
            with transaction.atomic():
                adjustment = Adjustment.objects.create(
                    club=club,
                    member=member,
                    kind=kind,
                    amount=amount,
                    reason=reason[:500],
                    requested_by=actor,
                    request_key=idempotency_key,
                )
        except IntegrityError:  # the same form, raced: the first one stands
            return Adjusted(
                journal=None, adjustment=Adjustment.objects.get(request_key=idempotency_key), repeated=True
            )
        audit_log_write(
            action="chips.adjustment_requested",
            actor=actor,
            club=club,
            target_user=member.user,
            data={"amount": amount if kind == Kind.GRANT else -amount, "reason": reason[:500]},
        )
    return Adjusted(journal=None, adjustment=adjustment)


def _sent_before(key: str) -> bool:
    """Whether a form of this key has already booked a journal or filed an adjustment."""
    return (
        Adjustment.objects.filter(request_key=key).exists()
        or Journal.objects.filter(idempotency_key=key).exists()
    )


def _booked_before(*, kind: str, member: Membership, amount: int, key: str) -> Journal | None:
    """The journal ``key`` booked, if it is this very grant or revoke (this member, this amount); None
    if it is another (``_book`` then refuses it in its own words)."""
    wallet = account_wallet(membership=member)
    treasury = account_treasury(club=member.club)
    moved = amount if kind == Kind.GRANT else -amount
    try:
        return _existing(
            idempotency_key=key,
            club_id=member.club_id,
            kind=kind,
            deltas={wallet.pk: moved, treasury.pk: -moved},
        )
    except IdempotencyConflict:
        return None


def _member_locked(member_id: int, *, also: int | None = None) -> Membership:
    """The member's row, read and held (FOR NO KEY UPDATE), with ``also`` (the acting manager's
    membership) held beside it: both in id order, so two managers granting to each other at once
    do not deadlock."""
    rows = (
        Membership.objects.select_for_update(no_key=True, of=("self",))
        .select_related("club", "user")
        .filter(pk__in={member_id, also or member_id})
        .order_by("pk")
    )
    member = next((row for row in rows if row.pk == member_id), None)
    if member is None:
        raise ServiceError(_("This person is no longer in the club."), code="stale")
    return member


def _deciding(adjustment_id: int, actor: User, wanted: str) -> Adjustment:
    # The member's row is held, and the asker's beside it in id order, before the adjustment's: a
    # ban or a leave committing meanwhile is seen, and the grant is refused rather than booked into
    # his wallet; a demotion of the asker's committing between the approval's check of him and the
    # booking's was refused as "Only the club's managers can do this.", which the approver read as
    # meant for himself (review 92). First, as his leave holds them (his row, then the grants it
    # withdraws): held after the adjustment's, a decision and his leave at the same moment each
    # waited for the other, and PostgreSQL failed one of them (review 121).
    found = Adjustment.objects.filter(pk=adjustment_id).values_list("member_id", "club_id", "requested_by_id")
    if not found:
        raise ServiceError(_("This request does not exist."), code="stale")
    member_id, club_id, asker_id = found[0]
    asker = Membership.objects.filter(club_id=club_id, user_id=asker_id).values_list("pk", flat=True).first()
    member = _member_locked(member_id, also=asker)
    # The adjustment's row only. FOR UPDATE through ``select_related`` held the club's, the member's
    # and the person's rows as well: a table of his closing meanwhile, holding his wallet from his
    # stand-up, waited on the club's row to write its next journal while this waited on his wallet,
    # and PostgreSQL failed one of them (review 18).
    adjustment = (
        Adjustment.objects.select_for_update(of=("self",))
        .select_related("club")
        .filter(pk=adjustment_id)
        .first()
    )
    if adjustment is None:
        raise ServiceError(_("This request does not exist."), code="stale")
    adjustment.member = member
    membership_require_manager(club=adjustment.club, actor=actor)
    if adjustment.status == Status.WITHDRAWN:
        # Not "another manager has already decided this": nobody has; its member left the club.
        raise ServiceError(
            _("%(name)s left the club, which withdrew this grant: there is nothing to decide.")
            % {"name": adjustment.member.user.shown_name},
            code="stale",
        )
    if adjustment.status != Status.PENDING:
        # The same form again (a double click, a second tab) is told it was his own decision: "another
        # manager" sent him looking for one.
        if adjustment.decided_by_id == actor.pk:
            mine = (
                _("You have already approved this.")
                if adjustment.status == Status.APPROVED
                else _("You have already refused this.")
            )
            # The very decision again is done (said as news); the other one is refused.
            raise ServiceError(mine, code="stale", done=adjustment.status == wanted)
        raise ServiceError(_("Another manager has already decided this."), code="stale")
    if actor.pk in (adjustment.requested_by_id, adjustment.member.user_id):
        raise NotAllowed(
            _("A second manager must decide this: not the one who asked, nor the one it is for.")
        )
    return adjustment


@transaction.atomic
def adjustment_approve(*, adjustment_id: int, actor: User) -> Adjustment:
    adjustment = _deciding(adjustment_id, actor, Status.APPROVED)
    asker = Membership.objects.filter(club=adjustment.club, user=adjustment.requested_by).first()
    if not (asker is not None and asker.manages_now):
        # Four eyes are two managers: the one who asked was demoted, banned or left meanwhile, or is
        # suspended from the tables (the booking would refuse him with "only the club's managers", or
        # "you are suspended", which reads as if it meant the approver: review 149). Refusing it stays
        # possible and closes it.
        raise ServiceError(
            _("%(name)s, who asked for this, no longer manages the club: refuse it, or ask again yourself.")
            % {"name": adjustment.requested_by.shown_name},
            code="stale",
        )
    if not adjustment.requested_by.is_active:
        # Switched off by the site's operators (banned from the site): his account manages nothing,
        # and the booking would stand in his name on one manager's approval.
        raise ServiceError(
            _(
                "The account of %(name)s, who asked for this, is switched off: refuse it, or ask again "
                "yourself."
            )
            % {"name": adjustment.requested_by.shown_name},
            code="stale",
        )
    if adjustment.kind == Kind.GRANT and adjustment.member.status == Membership.Status.BANNED:
        # Banned since it was filed (from a page read before the ban, or the admin): "Only active
        # members can hold chips." told the approver nothing of why, nor what to do (review 129).
        raise ServiceError(
            _(
                "%(name)s is banned from the club: no chips can go to him while the ban stands. Refuse "
                "it, or approve it once the ban is lifted."
            )
            % {"name": adjustment.member.user.shown_name},
            code="stale",
        )
    journal, _created = _book(
        kind=adjustment.kind,
        member=adjustment.member,
        amount=adjustment.amount,
        actor=adjustment.requested_by,
        reason=adjustment.reason,
        key=f"adjustment:{adjustment.pk}",
    )
    adjustment.status = Status.APPROVED
    adjustment.decided_by = actor
    adjustment.decided_at = timezone.now()
    adjustment.journal = journal
    adjustment.save(update_fields=["status", "decided_by", "decided_at", "journal"])
    audit_log_write(
        action="chips.adjustment_approved",
        actor=actor,
        club=adjustment.club,
        target_user=adjustment.member.user,
        data={"amount": adjustment.amount, "journal": journal.pk, "reason": adjustment.reason},
    )
    return adjustment


@transaction.atomic
def adjustment_refuse(*, adjustment_id: int, actor: User, note: str) -> Adjustment:
    note = (note or "").strip()[:500]
    if not note:
        raise LedgerError(_("Say why it is refused."))
    adjustment = _deciding(adjustment_id, actor, Status.REFUSED)
    adjustment.status = Status.REFUSED
    adjustment.decided_by = actor
    adjustment.decided_at = timezone.now()
    adjustment.note = note
    adjustment.save(update_fields=["status", "decided_by", "decided_at", "note"])
    audit_log_write(
        action="chips.adjustment_refused",
        actor=actor,
        club=adjustment.club,
        target_user=adjustment.member.user,
        data={"amount": adjustment.amount, "reason": note},
    )
    return adjustment


@transaction.atomic
def chips_request(*, member: Membership, amount: int, note: str = "") -> ChipRequest:
    """A member asks the club's managers for chips (one open request at a time)."""
    amount = _amount(amount)
    # Read again under his row's lock, as his leave holds it: the page's copy, read a moment before a
    # leave committed, filed a request open for a member already gone, which his leaving had not
    # withdrawn and which came back when he rejoined (review 116).
    status = (
        Membership.objects.select_for_update(no_key=True)
        .filter(pk=member.pk)
        .values_list("status", flat=True)
        .first()
    )
    if status != Membership.Status.ACTIVE:
        raise NotAllowed(_("Only active members can ask for chips."))
    note = (note or "").strip()[:500]
    try:
        with transaction.atomic():
            request = ChipRequest.objects.create(club=member.club, member=member, amount=amount, note=note)
    except IntegrityError:
        # The same request again (a browser's retry, a second tab) is done: said as news, not in red.
        same = ChipRequest.objects.filter(
            member=member, status=ChipRequest.Status.OPEN, amount=amount, note=note
        ).exists()
        raise ServiceError(
            _("You have already asked; the managers will answer."), code="stale", done=same
        ) from None
    audit_log_write(
        action="chips.requested",
        actor=member.user,
        club=member.club,
        target_user=member.user,
        data={"amount": amount, "reason": note},
    )
    return request


@transaction.atomic
def chips_request_answer(
    *, request_id: int, actor: User, grant: bool, answer: str, amount: int | None = None, idempotency_key: str
) -> ChipRequest:
    """A manager answers a request: a grant (of the asked amount, or another), through the four-eyes
    rule like any grant, or no; the member reads the answer on his chips page."""
    # The member's row first (and the manager's beside it, in id order, as a grant holds them), then
    # the request's: his leave holds his row, then withdraws his open requests (review 112); held
    # the other way round, a grant and his leave at the same moment each waited for the other, and
    # PostgreSQL failed one of them (review 121).
    found = ChipRequest.objects.filter(pk=request_id).values_list("member_id", "club_id").first()
    if found is None:
        raise ServiceError(_("This request does not exist."), code="stale")
    mine = Membership.objects.filter(club_id=found[1], user_id=actor.pk).values_list("pk", flat=True).first()
    _member_locked(found[0], also=mine)
    request = (
        ChipRequest.objects.select_for_update(of=("self",))  # its own row only, as ``_deciding``
        .select_related("club", "member__user", "member__club")
        .filter(pk=request_id)
        .first()
    )
    if request is None:
        raise ServiceError(_("This request does not exist."), code="stale")
    membership_require_manager(club=request.club, actor=actor)
    if request.status == ChipRequest.Status.WITHDRAWN:
        # Not "another manager has answered": nobody has; its member left (requests_withdraw_on_leaving).
        raise ServiceError(
            _("%(name)s left the club, which withdrew this request: there is nothing to answer.")
            % {"name": request.member.user.shown_name},
            code="stale",
        )
    if request.status != ChipRequest.Status.OPEN:
        if request.answered_by_id == actor.pk:  # his own answer, sent again (as ``_deciding``)
            # The same answer again is done (said as news); the other one (refusing what he granted)
            # is refused, in red.
            same = (request.status == ChipRequest.Status.GRANTED) == bool(grant)
            raise ServiceError(_("You have already answered this."), code="stale", done=same)
        raise ServiceError(_("Another manager has already answered this."), code="stale")
    answer = (answer or "").strip()[:500]
    if grant:
        done = chips_adjust(
            member=request.member,
            kind=Kind.GRANT,
            amount=amount or request.amount,
            actor=actor,
            reason=answer or _("Asked for by the member"),
            idempotency_key=idempotency_key,
        )
        request.status = ChipRequest.Status.GRANTED
        request.granted = amount or request.amount
        request.adjustment = done.adjustment
    else:
        if not answer:
            raise LedgerError(_("Say why not."))
        request.status = ChipRequest.Status.REFUSED
    request.answer = answer
    request.answered_by = actor
    request.answered_at = timezone.now()
    request.save(update_fields=["status", "answer", "answered_by", "answered_at", "granted", "adjustment"])
    audit_log_write(
        action="chips.request_answered",
        actor=actor,
        club=request.club,
        target_user=request.member.user,
        data={"amount": amount or request.amount, "reason": answer, "outcome": request.status},
    )
    return request


def requests_withdraw_on_leaving(sender: Any, membership: Membership, reason: str, **kwargs: Any) -> None:
    """A member who leaves his club withdraws his open request for chips (``club.signals.member_gone``,
    inside the leaving's transaction). Kept open, it came back to the managers' list when he rejoined,
    perhaps weeks later, and he could not ask anew meanwhile (review 112). So does a grant to him
    that waits for a second manager: it stayed on the managers' list, to be approved for someone gone
    (review 121); a take back is not his to withdraw. A ban or a suspension is not his doing: his
    request waits until he is back (review 21)."""
    if reason != "left":
        return
    now = timezone.now()
    waiting = list(
        Adjustment.objects.filter(member=membership, kind=Kind.GRANT, status=Status.PENDING).values_list(
            "pk", flat=True
        )
    )
    Adjustment.objects.filter(pk__in=waiting).update(status=Status.WITHDRAWN, decided_at=now)
    # A request a manager granted into such a grant is withdrawn with it: it read "a second manager
    # must approve it", then "You were granted" chips that never came.
    ChipRequest.objects.filter(
        Q(status=ChipRequest.Status.OPEN) | Q(status=ChipRequest.Status.GRANTED, adjustment_id__in=waiting),
        member=membership,
    ).update(status=ChipRequest.Status.WITHDRAWN, answered_at=now)
