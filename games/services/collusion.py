"""The nightly collusion scan of a club, and the managers' answers to what it finds.

``collusion_scan`` rebuilds every finished deal of the period through the engine (the same replay the
history pages use), turns them into ``games.collusion.DealRecord`` and stores a ``CollusionFlag`` per
flagged pair: one row per pair, its score kept up to date. A flag a manager dismissed comes back only
if the pair's score grows well past the one he dismissed.
"""

from __future__ import annotations

import logging
import traceback
from collections import defaultdict
from collections.abc import Iterator
from datetime import datetime, timedelta

from django.db import InterfaceError, OperationalError, transaction
from django.utils import timezone
from django.utils.formats import localize
from django.utils.translation import gettext

from club.models import Club, Membership, User
from club.services import audit_log_write, membership_require_manager

from ..collusion import DealRecord, pair_scores, record_from_moves
from ..history import deal_steps
from ..models import CollusionFlag, Deal, DealAction, DealPlayer, Report, TableSession
from .errors import TableError
from .reports import report_create

logger = logging.getLogger("games.collusion")

#: A dismissed pair is raised again when its score passes the dismissed one by this much.
RAISE_AGAIN = 3.0
PERIOD = timedelta(days=90)


#: Deals read together by the scan (their actions and players in one query each).
CHUNK = 200


def deal_record(
    deal: Deal, *, actions: list[DealAction] | None = None, people: dict[int, int | None] | None = None
) -> DealRecord:
    """A finished deal as the collusion signals read it (engine seats mapped to memberships).
    ``actions`` and ``people`` (engine seat: membership): read by the caller with other deals'."""
    steps = deal_steps(deal, actions)
    moves = [
        (steps[i - 1].state, step.row.seat, _action(step.row.action))
        for i, step in enumerate(steps)
        if step.row
    ]
    if people is None:
        people = dict(DealPlayer.objects.filter(deal=deal).values_list("engine_seat", "member_id"))
    seats = steps[-1].state.setup.seats
    return record_from_moves(deal.pk, [people.get(s) for s in range(seats)], moves, steps[-1].state)


def _chunks(items: Iterator[Deal], size: int) -> Iterator[list[Deal]]:
    chunk: list[Deal] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _action(data: dict):
    from ..engine import Action

    return Action.from_json(data)


def collusion_scan(*, club: Club, now: datetime | None = None) -> list[CollusionFlag]:
    """Score every pair of the club's players over the last 90 days; store and return the flags."""
    now = now or timezone.now()
    deals = (
        Deal.objects.filter(session__club=club, finished_at__gte=now - PERIOD, session__practice=False)
        .exclude(result="redeal")
        .select_related("session")
        .order_by("session_id", "number")
    )
    records = []
    # A big club plays thousands of deals in the period: they are read CHUNK at a time, each chunk's
    # actions and players in one query each (three queries a deal were 5,500 for 1,800 deals, and
    # every deal's row with its snapshot was held at once).
    for chunk in _chunks(deals.iterator(chunk_size=CHUNK), CHUNK):
        ids = [deal.pk for deal in chunk]
        actions: dict[int, list[DealAction]] = defaultdict(list)
        for row in DealAction.objects.filter(deal_id__in=ids).order_by("deal_id", "seq"):
            actions[row.deal_id].append(row)
        people: dict[int, dict[int, int | None]] = defaultdict(dict)
        for deal_id, seat, member_id in DealPlayer.objects.filter(deal_id__in=ids).values_list(
            "deal_id", "engine_seat", "member_id"
        ):
            people[deal_id][seat] = member_id
        records.extend(deal_record(deal, actions=actions[deal.pk], people=people[deal.pk]) for deal in chunk)
    flags = []
    # The open flags of pairs under the line tonight: their numbers are tonight's all the same (a
    # flag updated only while its pair stayed flagged showed the deals and the score of the night it
    # was raised, weeks later, and a report filed from it quoted them).
    still_open = {
        (first, second): pk
        for pk, first, second in CollusionFlag.objects.filter(
            club=club, status=CollusionFlag.Status.OPEN
        ).values_list("pk", "first_id", "second_id")
    }
    for pair in pair_scores(records):
        first, second = sorted((pair.a, pair.b))
        if not pair.flagged:
            if (first, second) in still_open:
                CollusionFlag.objects.filter(
                    pk=still_open[(first, second)], status=CollusionFlag.Status.OPEN
                ).update(
                    score=pair.score,
                    signals=pair.signals,
                    deals=pair.deal_ids,
                    deal_count=pair.deals,
                    updated_at=now,
                )
            continue
        with transaction.atomic():
            flag, created = CollusionFlag.objects.select_for_update().get_or_create(
                club=club,
                first_id=first,
                second_id=second,
                defaults={
                    "score": pair.score,
                    "signals": pair.signals,
                    "deals": pair.deal_ids,
                    "deal_count": pair.deals,
                },
            )
            if not created:
                raised_again = (
                    flag.status == CollusionFlag.Status.DISMISSED and pair.score >= flag.score + RAISE_AGAIN
                )
                if raised_again:
                    flag.status = CollusionFlag.Status.OPEN
                if flag.status == CollusionFlag.Status.OPEN:
                    flag.score, flag.signals, flag.deals = pair.score, pair.signals, pair.deal_ids
                    flag.deal_count, flag.updated_at = pair.deals, now
                    flag.save()
        flags.append(flag)
    return flags


def collusion_scan_all(*, now: datetime | None = None) -> int:
    """The nightly job: every club with real tables played in the period. A club whose scan fails
    is recorded as a failed job of that club (its managers see it) and the others are still
    scanned: one club's deal that cannot be replayed stopped every club's scan, night after night.
    A lost database connection or the time limit still ends the job (it is retried whole)."""
    from celery.exceptions import SoftTimeLimitExceeded

    from ..jobs import job_failure_record

    now = now or timezone.now()
    clubs = Club.objects.filter(
        pk__in=TableSession.objects.filter(deals__finished_at__gte=now - PERIOD).values("club")
    ).order_by("pk")
    flagged = 0
    for club in clubs:
        try:
            flagged += len(collusion_scan(club=club, now=now))
        except (OperationalError, InterfaceError, SoftTimeLimitExceeded):
            raise
        except Exception as exc:
            logger.exception("collusion scan: club %s could not be scanned", club.pk)
            job_failure_record(
                task="games.collusion_scan",
                kwargs={"club_id": club.pk},
                error=exc,
                trace=traceback.format_exc(),
            )
    return flagged


@transaction.atomic
def collusion_decide(*, flag_id: int, actor: User, decision: str) -> CollusionFlag:
    """A manager dismisses a flag, or reports it (a report on the pair's latest deal, which his
    managers then answer like any other)."""
    flag = (
        CollusionFlag.objects.select_for_update(of=("self",))  # not the club's row: see report_resolve
        .select_related("club")
        .filter(pk=flag_id)
        .first()
    )
    if flag is None:
        raise TableError("no_report")
    membership_require_manager(club=flag.club, actor=actor)
    if flag.status != CollusionFlag.Status.OPEN:
        words, done = "flag_decided", False
        if flag.decided_by_id == actor.pk:  # his own decision sent again (a double click, a retry)
            reported = flag.status == CollusionFlag.Status.REPORTED
            words = "flag_reported_yours" if reported else "flag_dismissed_yours"
            # The same decision again is done; the other one (a report after his dismissal) was not
            # made: a refusal, in red.
            done = reported == (decision == "report")
        raise TableError("report_answered", words=words, done=done)
    if decision == "report":
        deal = Deal.objects.filter(pk__in=flag.deals).order_by("-finished_at").first()
        if deal is None:
            raise TableError("no_deal")
        # Each strength as the collusion page writes it in his language ("2,35", not "2.35").
        signals = ", ".join(f"{name} {localize(value)}" for name, value in flag.sign_items())
        try:
            with transaction.atomic():
                report_create(
                    deal_id=deal.pk,
                    user=actor,
                    reason=Report.Reason.CHEATING,
                    comment=gettext("Collusion signals (%(signals)s) over %(count)s deals together.")
                    % {"signals": signals, "count": flag.deal_count},
                )
        except TableError as exc:
            # His own report of that deal is already with the managers: the flag joins it.
            if exc.code != "already_reported":
                raise
        flag.status = CollusionFlag.Status.REPORTED
    elif decision == "dismiss":
        if Membership.objects.filter(pk__in=(flag.first_id, flag.second_id), user=actor).exists():
            # Dismissed by one of the pair, the only trace of it would be gone on his word alone.
            raise TableError("flag_own")
        flag.status = CollusionFlag.Status.DISMISSED
    else:
        raise TableError("bad_report")
    flag.decided_by, flag.decided_at = actor, timezone.now()
    flag.save(update_fields=["status", "decided_by", "decided_at"])
    audit_log_write(
        action=f"collusion.{flag.status}",
        actor=actor,
        club=flag.club,
        # The pair by the names a manager knows them by (membership ids told him nothing).
        target=f"{flag.first.user.name_and_username} + {flag.second.user.name_and_username}"[:200],
        data={"outcome": flag.status},
    )
    return flag
