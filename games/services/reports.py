"""Reports: a member complains about a deal; a manager looks into it and answers, with an action.

Resolving is one service whatever the action (warn, suspend, ban, or move chips back by reversing a
journal of the deal), so the answer, its action and its audit row are written together or not at
all, and a second manager answering the same report at the same time is told it was answered.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from club.models import Membership, User
from club.services import audit_log_write, membership_ban, membership_suspend
from ledger.models import Entry, Journal

from ..models import Deal, Report
from ..selectors import table_get
from .access import member_require_active, member_require_manager, membership_lock, session_lock
from .booking import deal_journal_reverse
from .dealing import deal_running
from .errors import TableError

Outcome = Report.Outcome


@transaction.atomic
def report_create(*, deal_id: int, user: User, reason: str, comment: str = "") -> Report:
    deal = Deal.objects.select_related("session__club").filter(pk=deal_id, finished_at__isnull=False).first()
    if deal is None:
        raise TableError("no_deal")
    # His membership row is held while his reports of the day are counted: reports sent at once
    # are counted one after another.
    membership_lock(club_id=deal.session.club_id, user=user)
    reporter = member_require_active(session=deal.session, user=user)
    if reason not in Report.Reason.values:
        raise TableError("bad_report")
    comment = (comment or "").strip()
    if len(comment) > 1000 or "\x00" in comment:
        raise TableError("bad_report")
    # His report of this deal still with the managers, sent again (a double click, a second tab):
    # it stands, said as such before his day's count, which it is part of (the last report of his
    # day sent twice was refused in red as one too many).
    if Report.objects.filter(deal=deal, reporter=reporter, status=Report.Status.OPEN).exists():
        raise TableError("already_reported")
    # Each report asks the club's managers to look into a deal: one member reporting every deal
    # of the club buried theirs.
    limit = settings.REPORTS_PER_MEMBER_PER_DAY
    since = timezone.now() - timedelta(days=1)
    if Report.objects.filter(reporter=reporter, created_at__gte=since).count() >= limit:
        raise TableError("reports_limit", limit=limit)
    try:
        with transaction.atomic():
            report = Report.objects.create(deal=deal, reporter=reporter, reason=reason, comment=comment)
    except IntegrityError:
        raise TableError("already_reported") from None
    audit_log_write(
        action="report.filed",
        actor=user,
        club=deal.session.club,
        target=f"{deal.session.title} · {deal.number}",
        data={"deal": deal.pk, "reason": reason},
    )
    return report


@transaction.atomic
def report_resolve(
    *,
    report_id: int,
    actor: User,
    note: str,
    outcome: str,
    member: Membership | None = None,
    until: datetime | None = None,
    journal: Journal | None = None,
) -> Report:
    """Answer a report: the note is what the reporter reads; the outcome acts on ``member`` (warn,
    suspend until ``until``, ban) or reverses ``journal`` (a journal of the reported deal)."""
    # The report's row only: FOR UPDATE through ``select_related`` held the table's row (and the
    # club's) from here, before a ban takes the member's, the other way round from a sit (his row,
    # then the table's): a ban answered while he sat down there deadlocked (review 18). The table's
    # lock is taken where it is needed, as every service does.
    report = (
        Report.objects.select_for_update(of=("self",))
        .select_related("deal__session__club")
        .filter(pk=report_id)
        .first()
    )
    if report is None:
        raise TableError("no_report")
    session = table_get(session_id=report.deal.session_id)
    member_require_manager(session=session, user=actor)
    if report.status != Report.Status.OPEN:
        # His own answer sent again (a double click, a retry) is his, not "another manager's".
        mine = report.resolved_by_id == actor.pk
        # Done only when it is the same answer: another one (a warning after "no action") was not
        # given, and is refused in red.
        raise TableError(
            "report_answered",
            words="report_answered_yours" if mine else None,
            done=mine and report.outcome == outcome,
        )
    note = (note or "").strip()
    if not note or len(note) > 1000 or "\x00" in note:
        raise TableError("note_needed")
    if outcome not in Outcome.values:
        raise TableError("bad_report")
    club = session.club
    about_someone = outcome in (Outcome.WARN, Outcome.SUSPEND, Outcome.BAN)
    if about_someone and (member is None or member.club_id != club.pk):
        raise TableError("pick_member")
    if outcome == Outcome.WARN:
        audit_log_write(
            action="membership.warned",
            actor=actor,
            club=club,
            target_user=member.user,
            data={"reason": note, "deal": report.deal_id},
        )
    elif outcome == Outcome.SUSPEND:
        if until is None:
            raise TableError("pick_until")
        membership_suspend(membership=member, actor=actor, reason=note, until=until)
    elif outcome == Outcome.BAN:
        membership_ban(membership=member, actor=actor, reason=note, until=until)
    elif outcome == Outcome.REVERSE:
        if journal is None or journal.deal_id != report.deal_id:
            raise TableError("pick_journal")
        if Entry.objects.filter(journal=journal, account__member__user=actor).exists():
            # Four eyes, as for any grant to oneself: moved back, it would hand the manager his own
            # stake (or take back his winnings) on his word alone.
            raise TableError("reverse_own")
        # The deal in play holds its stacks and bank in the engine too: moving them under it would
        # leave a deal nobody can finish. Between deals the next one reads them from the ledger.
        locked = session_lock(session.pk)
        if deal_running(locked) is not None:
            raise TableError("reverse_mid_deal")
        # The locked row: whether the table is still open decides where a bank's chips go.
        deal_journal_reverse(session=locked, journal=journal, actor=actor, memo=note[:500])
    report.status = Report.Status.RESOLVED
    report.outcome = outcome
    report.note = note
    report.resolved_by = actor
    report.resolved_at = timezone.now()
    report.save(update_fields=["status", "outcome", "note", "resolved_by", "resolved_at"])
    audit_log_write(
        action="report.resolved",
        actor=actor,
        club=club,
        target_user=report.reporter.user,
        target=f"{session.title} · {report.deal.number}",
        data={"deal": report.deal_id, "outcome": outcome, "reason": note},
    )
    return report
