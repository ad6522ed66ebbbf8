"""Players' stats: counters per member, club and day, kept by a task after each deal and checked by a
nightly recount.

After each deal (``stats_deal_count``, a task on commit) the counters are added from what the deal
wrote as it ended: the players' rows (``DealPlayer``: final status, net), its outcome (tricks,
payouts), its times, and its log for who declared a snore. Each deal is added once (a
``StatsCounted`` row per deal, in the same transaction). A journal of a counted deal moved back by a
manager changes its players' net chips and wins in the same transaction (``stats_deal_moved_back``).

Every night ``stats_recompute`` rebuilds every counter on its own: final statuses from the log's
events, nets from the ledger's entries, payouts from the log's chip movements. It corrects each row
that differs, counts deals no task counted, and reports what it corrected (log, the audit log of
each club concerned, and the returned summary). While it runs, the per-deal counting waits (a
PostgreSQL advisory lock; SQLite has one writer anyway), so the two never interleave.

Practice tables are not counted: their chips are the treasury's, not the players'.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import UTC, date, datetime, timedelta
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Exists, F, OuterRef, Q, QuerySet, Sum
from django.db.models.functions import Greatest
from django.utils import timezone

from club.models import Club, Membership
from club.services import audit_log_write
from ledger.models import Account, Entry, Journal

from .engine import Rules
from .engine._base import FIVE_TYPES, HELPER_TYPES, SNORER_TYPES
from .models import Deal, DealAction, DealPlayer, PlayerStats, StatsCounted, TableSession

logger = logging.getLogger("games.stats")

#: Helper-type statuses that are not fives: the "helps" counter.
HELP_TYPES = HELPER_TYPES - FIVE_TYPES
#: The advisory lock the counting (shared) and the recount (exclusive) take on PostgreSQL.
STATS_LOCK = 0x6B68_7261_7073  # "khraps"
#: Deals the recount reads at a time.
CHUNK = 2000


class StatsBusy(Exception):
    """The nightly recount holds the stats: the task tries again shortly."""


@dataclass
class Counters:
    deals: int = 0
    deals_won: int = 0
    snores_declared: int = 0
    snores_made: int = 0
    snores_failed: int = 0
    helps: int = 0
    fives: int = 0
    tricks: int = 0
    net: int = 0
    biggest_bank_won: int = 0
    seconds_played: int = 0

    def add(self, other: Counters) -> None:
        for name in FIELDS:
            mine, theirs = getattr(self, name), getattr(other, name)
            setattr(self, name, max(mine, theirs) if name in MAXED else mine + theirs)

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in FIELDS}

    @classmethod
    def of(cls, row: Any) -> Counters:
        get = row.get if isinstance(row, Mapping) else lambda name: getattr(row, name)
        return cls(**{name: int(get(name) or 0) for name in FIELDS})


FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Counters))
#: Counters that keep the largest value instead of a sum.
MAXED = frozenset({"biggest_bank_won"})


def seat_counters(
    *,
    status: str,
    declared_snore: bool,
    tricks: int,
    snore_tricks: int,
    net: int,
    payout: int,
    seconds: int,
    played_net: int | None = None,
) -> Counters:
    """One player's part of one deal he was dealt into. ``played_net``: his net chips from the deal's
    own journals (a manager's move back included), which say whether he won it; ``net`` adds the
    table's bank given back to him after it (default: the same)."""
    counters = Counters(
        deals=1,
        # Won by its play: a table's bank given back after a void deal (everybody passed) made its
        # net chips positive, and every player of it read "Won: 1" with no deal won.
        deals_won=int((net if played_net is None else played_net) > 0),
        snores_declared=int(declared_snore),
        tricks=tricks,
        net=net,
        biggest_bank_won=max(payout, 0),
        seconds_played=seconds,
    )
    if status in SNORER_TYPES:
        if tricks >= snore_tricks:
            counters.snores_made = 1
        else:
            counters.snores_failed = 1
    elif status in FIVE_TYPES:
        counters.fives = 1
    elif status in HELP_TYPES:
        counters.helps = 1
    return counters


def payout_kept(payout: int, moved_back: int) -> int:
    """His payout in a deal less what a manager moved back of his chips in it: a settlement moved
    back takes the bank it paid him out of "Biggest bank won", as out of his net chips and his wins
    (review 31); it kept him on top of the board's column. A move back that gave him chips (an
    ante, a penalty) leaves it."""
    return max(payout + min(moved_back, 0), 0)


def deal_dealt(opening: Sequence[Mapping[str, Any]] | None) -> set[int]:
    """The engine seats dealt into a deal (its ``DealStarted`` event)."""
    for event in opening or ():
        if event.get("type") == "DealStarted":
            return {int(s) for s in event.get("seats", ())}
    return set()


def deal_seconds(started_at: datetime, finished_at: datetime, stood: int = 0) -> int:
    """A deal's time played: from its start to its end, less the time the clock stood still (an
    outage: a deal in flight across a night the site was down counted the night as played)."""
    return max(int((finished_at - started_at).total_seconds()) - stood, 0)


def stats_day(finished_at: datetime) -> date:
    return finished_at.astimezone(UTC).date()


def rules_snore_tricks(rules: Mapping[str, Any]) -> int:
    """Tricks a snorer must take under these rules (a table's rules are fixed when it is created)."""
    return Rules.from_json(dict(rules)).snore_tricks


class SnoreTricks(dict):
    """Tricks a snorer must take, per table, read once per table and per use."""

    def __missing__(self, session_id: int) -> int:
        rules = TableSession.objects.values_list("rules", flat=True).get(pk=session_id)
        self[session_id] = rules_snore_tricks(rules)
        return self[session_id]

    def load(self, session_ids: Iterable[int]) -> None:
        """Read the tables not read yet in one query: a player of a year's weekly tables played at
        fifty-odd sessions, and his page read each one's rules with a query of its own."""
        wanted = set(session_ids) - self.keys()
        if wanted:
            for pk, rules in TableSession.objects.filter(pk__in=wanted).values_list("pk", "rules"):
                self[pk] = rules_snore_tricks(rules)


class EventTally:
    """What a deal's log says, per engine seat: the last status, a snore said, chips paid out."""

    def __init__(self) -> None:
        self.status: dict[int, str] = {}
        self.declared_snore: set[int] = set()
        self.payout: dict[int, int] = defaultdict(int)

    def read(self, events: Iterable[Mapping[str, Any]]) -> None:
        for event in events or ():
            kind = event.get("type")
            if kind in ("Declared", "StatusChanged"):
                seat = int(event["seat"])
                self.status[seat] = event["status"]
                if kind == "Declared" and event["status"] in SNORER_TYPES:
                    self.declared_snore.add(seat)
            elif kind == "ChipsMoved" and event.get("kind") == "payout":
                where, _colon, seat = str(event.get("dst", "")).partition(":")
                if where == "stack" and seat.isdigit():
                    self.payout[int(seat)] += int(event["amount"])


#: The entries that make a member's net chips in a deal (of its journals): his stack and hold at the
#: table; a settlement moved back after he left the seat takes them from his wallet, and counts all
#: the same.
DEAL_CHIPS = Q(account__kind__in=[Account.Kind.STACK, Account.Kind.HOLD]) | Q(
    account__kind=Account.Kind.WALLET, journal__kind=Journal.Kind.REVERSAL
)


#: The journals that give a table's bank back to its players after its last deal: the close at the
#: session's end (to their wallets) and the share when too few can pay to deal (to their stacks).
#: They carry no deal (they are no deal's play), yet the chips are the antes the players lost in the
#: bank: counted in no deal, the stats kept those antes as lost while the wallets had them back.
BANK_RETURNED = Q(journal__kind=Journal.Kind.BANK_CLOSE) | Q(
    journal__idempotency_key__startswith="bank_share:"
)


def bank_returns(entries: QuerySet[Entry]) -> dict[tuple[int, int], int]:
    """Per (deal, member): the chips of ``entries`` that a table's bank gave back to the member after
    that deal, the last one dealt into the bank (a share names it in its key; a close comes after the
    session's last deal)."""
    rows = list(
        entries.filter(BANK_RETURNED, account__member__isnull=False, journal__deal__isnull=True)
        .values("journal_id", "journal__idempotency_key", "account__member_id")
        .annotate(total=Sum("amount"))
        .values_list("journal_id", "journal__idempotency_key", "account__member_id", "total")
    )
    if not rows:
        return {}
    tables = dict(
        Entry.objects.filter(journal_id__in={row[0] for row in rows}, account__kind=Account.Kind.BANK)
        .values_list("journal_id", "account__table_id")
        .distinct()
    )
    later = Deal.objects.filter(session_id=OuterRef("session_id"), number__gt=OuterRef("number"))
    last = dict(
        Deal.objects.filter(session_id__in=set(tables.values()))
        .exclude(Exists(later))
        .values_list("session_id", "pk")
    )
    out: dict[tuple[int, int], int] = defaultdict(int)
    for journal_id, key, member_id, total in rows:
        if key.startswith("bank_share:"):
            deal_id: int | None = int(key.rsplit(":", 1)[1])
        else:
            deal_id = last.get(tables.get(journal_id))
        if deal_id is not None:
            out[(deal_id, member_id)] += int(total or 0)
    return dict(out)


def bank_entries(session_ids: Iterable[int]) -> QuerySet[Entry]:
    """The entries of every journal that moved chips of these tables' banks."""
    return Entry.objects.filter(
        journal__in=Entry.objects.filter(
            account__kind=Account.Kind.BANK, account__table_id__in=list(session_ids)
        ).values("journal_id")
    )


# --- After each deal -----------------------------------------------------------------------------------


def _lock(*, exclusive: bool) -> None:
    """Counting and recounting exclude each other (PostgreSQL; SQLite writes one at a time)."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        if exclusive:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [STATS_LOCK])
            return
        cursor.execute("SELECT pg_try_advisory_xact_lock_shared(%s)", [STATS_LOCK])
        if not cursor.fetchone()[0]:
            raise StatsBusy("the nightly recount is running")


def _after_the_dormant_mark() -> None:
    """Wake the players up only after a nightly dormant mark running now (PostgreSQL; SQLite writes
    one at a time): while it runs the count is tried again later (``StatsBusy``), as during the
    recount. A deal that ended while the mark ran, after it had read who played, was not seen by it;
    the wake read the players as not dormant yet (the mark had not committed) and did nothing, and
    they were marked dormant for having played."""
    if connection.vendor != "postgresql":
        return
    from .jobs_inactivity import DORMANT_LOCK

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_xact_lock_shared(%s)", [DORMANT_LOCK])
        if not cursor.fetchone()[0]:
            raise StatsBusy("the nightly dormant mark is running")


def deal_counters(deal: Deal) -> dict[int, Counters]:
    """Each member's counters from one finished deal, read the quick way (the rows the deal wrote)."""
    outcome = deal.outcome or {}
    tricks, payouts = outcome.get("tricks") or [], outcome.get("payouts") or []
    dealt = deal_dealt(deal.opening)
    tally = EventTally()
    for events in DealAction.objects.filter(deal=deal).order_by("seq").values_list("events", flat=True):
        tally.read(events)
    snore_tricks = rules_snore_tricks(deal.session.rules)
    seconds = deal_seconds(deal.started_at, deal.finished_at, deal.stood_seconds)
    # Chips of the deal a manager moved back before it was counted (the count came late: the
    # recount held it, or the sweep found it) count in it, as the recount reads the ledger.
    moved_back = dict(
        Entry.objects.filter(
            journal__deal=deal, journal__kind=Journal.Kind.REVERSAL, account__member__isnull=False
        )
        .filter(DEAL_CHIPS)
        .values_list("account__member_id")
        .annotate(total=Sum("amount"))
    )
    # And the bank given back after it (counted late, or by the recount): in his net chips, not in
    # whether he won the deal.
    returned: dict[int, int] = defaultdict(int)
    for (_deal, member_id), total in bank_returns(bank_entries([deal.session_id])).items():
        if _deal == deal.pk:
            returned[member_id] += total
    out: dict[int, Counters] = {}
    for row in DealPlayer.objects.filter(deal=deal, member__isnull=False):
        seat = row.engine_seat
        if seat not in dealt:
            continue
        moved = int(moved_back.pop(row.member_id, 0) or 0)
        played_net = int(row.net or 0) + moved
        out.setdefault(row.member_id, Counters()).add(
            seat_counters(
                status=row.status,
                declared_snore=seat in tally.declared_snore,
                tricks=int(tricks[seat]) if seat < len(tricks) else 0,
                snore_tricks=snore_tricks,
                net=played_net + returned.pop(row.member_id, 0),
                payout=payout_kept(int(payouts[seat]) if seat < len(payouts) else 0, moved),
                seconds=seconds,
                played_net=played_net,
            )
        )
    return out


def _stats_row(*, club_id: int, member_id: int, day: date) -> PlayerStats:
    try:
        with transaction.atomic():
            return PlayerStats.objects.get_or_create(club_id=club_id, member_id=member_id, day=day)[0]
    except IntegrityError:  # another deal of his that day created it a moment ago
        return PlayerStats.objects.get(member_id=member_id, day=day)


def _add(row: PlayerStats, counters: Counters) -> None:
    changes: dict[str, Any] = {}
    for name, value in counters.as_dict().items():
        if name in MAXED:
            changes[name] = Greatest(F(name), value)
        elif value:
            changes[name] = F(name) + value
    PlayerStats.objects.filter(pk=row.pk).update(**changes)


def deals_hold(deal_ids: Iterable[int]) -> None:
    """Hold these deals' rows (in id order) until the transaction ends, for their stats: a deal's
    count and a move back of its chips take it in turn, so that the later one reads what the
    earlier one wrote. Each had looked at the other before it committed (the count read the chips
    without the reversal, the move back found the deal not counted yet) and the chips moved back
    stayed out of the counters until the night's recount. A no-key lock: a report or a journal
    naming the deal is not held up."""
    ids = sorted(set(deal_ids))
    if ids:
        list(Deal.objects.select_for_update(no_key=True).filter(pk__in=ids).order_by("pk").values_list("pk"))


@transaction.atomic
def stats_deal_count(*, deal_id: int) -> bool:
    """Add one finished deal to its players' counters; False if it was counted already (or is not
    over). Also wakes its players up if a nightly job had marked them dormant."""
    deals_hold([deal_id])  # before the ledger is read (``stats_deal_moved_back``)
    deal = Deal.objects.select_related("session").filter(pk=deal_id, finished_at__isnull=False).first()
    if deal is None:
        return False
    _lock(exclusive=False)
    try:
        with transaction.atomic():
            StatsCounted.objects.create(deal=deal)
    except IntegrityError:
        return False
    members = DealPlayer.objects.filter(deal=deal, member__isnull=False).values("member_id")
    _after_the_dormant_mark()
    Membership.objects.filter(pk__in=members, dormant_since__isnull=False).update(dormant_since=None)
    if deal.session.practice:
        return True
    day = stats_day(deal.finished_at)
    # In member order, as a deal's chips moved back update its players' rows
    # (``stats_deal_moved_back``): in seat order, a count of another deal with the same two players
    # and that update could each hold the row the other waited for.
    for member_id, counters in sorted(deal_counters(deal).items()):
        _add(_stats_row(club_id=deal.session.club_id, member_id=member_id, day=day), counters)
    return True


class DealNets(dict[int, int]):
    """Each member's net chips in a deal, the table's bank given back after it included, and in
    ``played`` his net from the deal's own journals alone (which says whether he won it)."""

    played: dict[int, int]


def deal_nets(*, deal_id: int) -> DealNets:
    """Each member's net chips in one deal by the ledger, as the nightly recount reads them."""
    entries = (
        Entry.objects.filter(journal__deal_id=deal_id, account__member__isnull=False)
        .filter(DEAL_CHIPS)
        .values("account__member_id")
        .annotate(total=Sum("amount"))
        .values_list("account__member_id", "total")
    )
    played = {member_id: int(total or 0) for member_id, total in entries}
    nets = DealNets(played)
    nets.played = played
    session_id = Deal.objects.filter(pk=deal_id).values_list("session_id", flat=True).first()
    for (deal, member_id), total in bank_returns(bank_entries([session_id])).items():
        if deal == deal_id:
            nets[member_id] = nets.get(member_id, 0) + total
    return nets


def stats_deal_moved_back(*, deal_id: int, nets_before: Mapping[int, int]) -> None:
    """A journal of a finished deal was moved back, in the caller's transaction: its players' net
    chips and wins change now by what the ledger says, as the nightly recount would change them.
    Counted only when the deal ended, a cheat's winnings a manager took back kept him on top of
    the leaderboard until the night, beside a chart that read them live (review 31). While the
    recount runs it is left to it: it reads the deal's chips again before it ends
    (``_moved_back_meanwhile``), in case it had read them before this committed."""
    # Its count, if it runs now, ends first and is seen below; or it waits and reads this.
    deals_hold([deal_id])
    deal = Deal.objects.select_related("session").filter(pk=deal_id, finished_at__isnull=False).first()
    if deal is None or deal.session.practice or not StatsCounted.objects.filter(deal=deal).exists():
        return  # not counted yet: the count after the deal, or the recount, reads it whole
    try:
        _lock(exclusive=False)
    except StatsBusy:
        logger.info("stats: deal %s moved back during the recount; the recount counts it", deal_id)
        return
    dealt = deal_dealt(deal.opening)
    members = {
        member_id
        for member_id, seat in DealPlayer.objects.filter(deal=deal, member__isnull=False).values_list(
            "member_id", "engine_seat"
        )
        if seat in dealt
    }
    nets_after = deal_nets(deal_id=deal_id)
    # Won by the deal's own chips: a bank given back after it changes the net chips only.
    played_before = getattr(nets_before, "played", nets_before)
    day = stats_day(deal.finished_at)
    for member_id in sorted(members):
        before, after = nets_before.get(member_id, 0), nets_after.get(member_id, 0)
        won = int(nets_after.played.get(member_id, 0) > 0) - int(played_before.get(member_id, 0) > 0)
        if before == after and not won:
            continue
        row = _stats_row(club_id=deal.session.club_id, member_id=member_id, day=day)
        changes: dict[str, Any] = {"net": F("net") + (after - before), "deals_won": F("deals_won") + won}
        if nets_after.played.get(member_id, 0) != played_before.get(member_id, 0):
            # The day's largest bank is read again: a largest value is not taken back by a sum. The
            # row held first: another deal of his that day counted between the read and the write
            # would be written over.
            list(PlayerStats.objects.select_for_update().filter(pk=row.pk).values_list("pk", flat=True))
            changes["biggest_bank_won"] = _day_biggest_bank(member_id=member_id, day=day)
        PlayerStats.objects.filter(pk=row.pk).update(**changes)


def _day_biggest_bank(*, member_id: int, day: date) -> int:
    """His largest bank won in the deals of one day (real tables, dealt into), less what managers
    moved back (``payout_kept``), as the recount reads it."""
    start = datetime(day.year, day.month, day.day, tzinfo=UTC)
    rows = DealPlayer.objects.filter(
        member_id=member_id,
        deal__finished_at__gte=start,
        deal__finished_at__lt=start + timedelta(days=1),
        deal__session__practice=False,
    ).values_list("deal_id", "engine_seat", "deal__opening", "deal__outcome__payouts")
    played = [
        (deal_id, seat, payouts) for deal_id, seat, opening, payouts in rows if seat in deal_dealt(opening)
    ]
    moved = dict(
        Entry.objects.filter(
            journal__deal_id__in=[deal_id for deal_id, _seat, _payouts in played],
            journal__kind=Journal.Kind.REVERSAL,
            account__member_id=member_id,
        )
        .filter(DEAL_CHIPS)
        .values_list("journal__deal_id")
        .annotate(total=Sum("amount"))
    )
    best = 0
    for deal_id, seat, payouts in played:
        payout = int(payouts[seat]) if isinstance(payouts, list) and seat < len(payouts) else 0
        best = max(best, payout_kept(payout, int(moved.get(deal_id, 0) or 0)))
    return best


def deals_uncounted(*, before: datetime, since: datetime | None = None) -> list[int]:
    """Finished deals no task has counted (a lost message, a worker down): the sweeper's work."""
    qs = Deal.objects.filter(finished_at__isnull=False, finished_at__lt=before)
    if since is not None:
        qs = qs.filter(finished_at__gte=since)
    return list(
        qs.exclude(pk__in=StatsCounted.objects.values("deal"))
        .order_by("finished_at")
        .values_list("pk", flat=True)
    )


# --- Every night: the full recount ----------------------------------------------------------------------


def _chunks(ids: Sequence[int], size: int) -> Iterator[Sequence[int]]:
    for start in range(0, len(ids), size):
        yield ids[start : start + size]


def _recount_chunk(
    deal_ids: Sequence[int],
    expected: dict[tuple[int, date], Counters],
    clubs: dict[int, int],
    snore_tricks: SnoreTricks,
) -> None:
    """Add the counters of these deals to ``expected``, from the log, the ledger and the deal rows."""
    low, high = min(deal_ids), max(deal_ids)
    wanted = set(deal_ids)
    deals = {
        pk: (session_id, club_id, opening, outcome, started_at, finished_at, stood)
        for pk, session_id, club_id, opening, outcome, started_at, finished_at, stood in Deal.objects.filter(
            pk__in=deal_ids
        ).values_list(
            "pk",
            "session_id",
            "session__club_id",
            "opening",
            "outcome",
            "started_at",
            "finished_at",
            "stood_seconds",
        )
    }
    snore_tricks.load(row[0] for row in deals.values())
    tallies: dict[int, EventTally] = defaultdict(EventTally)
    actions = (
        DealAction.objects.filter(deal_id__gte=low, deal_id__lte=high)
        .order_by("deal_id", "seq")
        .values_list("deal_id", "events")
    )
    for deal_id, events in actions.iterator(chunk_size=5000):
        if deal_id in wanted:
            tallies[deal_id].read(events)
    nets: dict[tuple[int, int], int] = {}
    entries = (
        Entry.objects.filter(
            journal__deal_id__gte=low,
            journal__deal_id__lte=high,
            account__member__isnull=False,
        )
        .filter(DEAL_CHIPS)
        .values("journal__deal_id", "account__member_id")
        .annotate(total=Sum("amount"))
        .values_list("journal__deal_id", "account__member_id", "total")
    )
    for deal_id, member_id, total in entries:
        nets[(deal_id, member_id)] = int(total or 0)
    moved_back = {
        (deal_id, member_id): int(total or 0)
        for deal_id, member_id, total in entries.filter(journal__kind=Journal.Kind.REVERSAL)
    }
    sessions = {session_id for session_id, *_rest in deals.values()}
    returned = {key: total for key, total in bank_returns(bank_entries(sessions)).items() if key[0] in wanted}
    players = DealPlayer.objects.filter(deal_id__in=deal_ids, member__isnull=False).values_list(
        "deal_id", "engine_seat", "member_id"
    )
    for deal_id, seat, member_id in players:
        session_id, club_id, opening, outcome, started_at, finished_at, stood = deals[deal_id]
        if seat not in deal_dealt(opening):
            continue
        tricks = (outcome or {}).get("tricks") or []
        tally = tallies[deal_id]
        counters = seat_counters(
            status=tally.status.get(seat, ""),
            declared_snore=seat in tally.declared_snore,
            tricks=int(tricks[seat]) if seat < len(tricks) else 0,
            snore_tricks=snore_tricks[session_id],
            net=nets.get((deal_id, member_id), 0) + returned.get((deal_id, member_id), 0),
            payout=payout_kept(tally.payout.get(seat, 0), moved_back.get((deal_id, member_id), 0)),
            seconds=deal_seconds(started_at, finished_at, stood),
            played_net=nets.get((deal_id, member_id), 0),
        )
        expected.setdefault((member_id, stats_day(finished_at)), Counters()).add(counters)
        clubs[member_id] = club_id


@transaction.atomic
def stats_recompute(*, fix: bool = True) -> dict[str, Any]:
    """Recount every counter from the deal log, the deal rows and the ledger; compare with the
    running counters; correct (``fix``) and report every difference. Returns a summary."""
    started = timezone.now()
    _lock(exclusive=True)
    horizon = _running_since()
    finished = list(
        Deal.objects.filter(finished_at__isnull=False).order_by("pk").values_list("pk", "session__practice")
    )
    counted_deals = [pk for pk, practice in finished if not practice]
    expected: dict[tuple[int, date], Counters] = {}
    clubs: dict[int, int] = {}
    snore_tricks = SnoreTricks()
    for chunk in _chunks(counted_deals, CHUNK):
        _recount_chunk(chunk, expected, clubs, snore_tricks)
    stored = {(row.member_id, row.day): row for row in PlayerStats.objects.all()}
    differences: list[dict[str, Any]] = []
    zero = Counters()
    for key in sorted(set(expected) | set(stored), key=lambda k: (k[0], k[1])):
        member_id, day = key
        want = expected.get(key, zero)
        row = stored.get(key)
        have = Counters.of(row) if row is not None else zero
        if want == have:
            continue
        club_id = row.club_id if row is not None else clubs[member_id]
        differences.append(
            {
                "club": club_id,
                "member": member_id,
                "day": day.isoformat(),
                "fields": {
                    name: {"stored": getattr(have, name), "recounted": getattr(want, name)}
                    for name in FIELDS
                    if getattr(have, name) != getattr(want, name)
                },
            }
        )
        if not fix:
            continue
        if key not in expected:
            row.delete()
        elif row is None:
            PlayerStats.objects.create(club_id=club_id, member_id=member_id, day=day, **want.as_dict())
        else:
            PlayerStats.objects.filter(pk=row.pk).update(**want.as_dict())
    late = (
        _moved_back_meanwhile(horizon, set(counted_deals), snore_tricks) if fix and horizon is not None else 0
    )
    counted = set(StatsCounted.objects.values_list("deal_id", flat=True))
    uncounted = [pk for pk, _practice in finished if pk not in counted]
    if fix and uncounted:
        StatsCounted.objects.bulk_create(
            [StatsCounted(deal_id=pk) for pk in uncounted], ignore_conflicts=True, batch_size=1000
        )
    summary = {
        "started_at": started.isoformat(),
        "deals": len(counted_deals),
        "rows": len(expected),
        "differences": len(differences),
        "uncounted_deals": len(uncounted),
        "moved_back_meanwhile": late,
        "fixed": fix,
        "seconds": round((timezone.now() - started).total_seconds(), 3),
    }
    if differences or uncounted:
        _report(differences, uncounted, summary)
    else:
        logger.info("stats recount: %s rows of %s deals agree", len(expected), len(counted_deals))
    summary["details"] = differences[:100]
    return summary


def _running_since() -> int | None:
    """The oldest transaction still running as the recount starts (PostgreSQL; SQLite writes one at
    a time): a journal written by it or a later one may commit while the recount runs."""
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT txid_snapshot_xmin(txid_current_snapshot())")
        return int(cursor.fetchone()[0])


def _moved_back_meanwhile(horizon: int, recounted: set[int], snore_tricks: SnoreTricks) -> int:
    """Recount again the day rows of the players of deals a manager moved chips of back while the
    recount ran. The move back leaves them to the recount (it holds the stats), but the recount may
    have read the deal's chips before it committed: its players' net chips and wins stayed as first
    paid until the next night. Read now, under the same lock, the ledger has them. Only the deals
    the recount counts (``recounted``): one that ended while it ran is its own task's, which reads
    the chips moved back with it. Returns the rows changed."""
    deal_ids = recounted & set(
        Journal.objects.filter(kind=Journal.Kind.REVERSAL, deal__isnull=False, txid__gte=horizon).values_list(
            "deal_id", flat=True
        )
    )
    # A bank given back meanwhile changes the net of its table's last deal in the same way.
    given_back = Entry.objects.filter(
        BANK_RETURNED, journal__txid__gte=horizon, account__kind=Account.Kind.BANK
    )
    deal_ids |= recounted & {
        deal_id
        for deal_id, _member in bank_returns(
            bank_entries(given_back.values_list("account__table_id", flat=True))
        )
    }
    keys: set[tuple[int, date]] = set()
    for deal_id, opening, finished_at in Deal.objects.filter(
        pk__in=deal_ids, finished_at__isnull=False, session__practice=False
    ).values_list("pk", "opening", "finished_at"):
        dealt = deal_dealt(opening)
        for member_id, seat in DealPlayer.objects.filter(deal_id=deal_id, member__isnull=False).values_list(
            "member_id", "engine_seat"
        ):
            if seat in dealt:
                keys.add((member_id, stats_day(finished_at)))
    if not keys:
        return 0
    # Every deal of those players on those days: a day row is the sum of all of them.
    days = Q()
    for member_id, day in keys:
        start = datetime(day.year, day.month, day.day, tzinfo=UTC)
        days |= Q(
            member_id=member_id, deal__finished_at__gte=start, deal__finished_at__lt=start + timedelta(days=1)
        )
    again_ids = sorted(
        recounted
        & set(
            DealPlayer.objects.filter(
                days, deal__finished_at__isnull=False, deal__session__practice=False
            ).values_list("deal_id", flat=True)
        )
    )
    again: dict[tuple[int, date], Counters] = {}
    clubs: dict[int, int] = {}
    for chunk in _chunks(again_ids, CHUNK):
        _recount_chunk(chunk, again, clubs, snore_tricks)
    changed = 0
    for member_id, day in sorted(keys):
        want = again.get((member_id, day), Counters())
        row = PlayerStats.objects.filter(member_id=member_id, day=day).first()
        if row is not None and Counters.of(row) == want:
            continue
        if row is None:
            PlayerStats.objects.create(
                club_id=clubs[member_id], member_id=member_id, day=day, **want.as_dict()
            )
        else:
            PlayerStats.objects.filter(pk=row.pk).update(**want.as_dict())
        changed += 1
    if changed:
        logger.info("stats recount: %d row(s) of deals moved back while it ran recounted again", changed)
    return changed


def _report(differences: list[dict[str, Any]], uncounted: list[int], summary: dict[str, Any]) -> None:
    logger.warning(
        "stats recount found %d difference(s) and %d uncounted deal(s)%s: %s",
        len(differences),
        len(uncounted),
        " (corrected)" if summary["fixed"] else "",
        differences[:20],
    )
    if not summary["fixed"]:
        return
    by_club: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for difference in differences:
        by_club[difference["club"]].append(difference)
    for club in Club.objects.filter(pk__in=list(by_club)):
        found = by_club[club.pk]
        audit_log_write(
            action="club.stats_corrected",
            actor=None,
            club=club,
            target=f"{len(found)}",
            data={"differences": found[:100], "reason": "nightly recount of the players' statistics"},
        )


def stats_totals(rows: Iterable[Any]) -> Counters:
    total = Counters()
    for row in rows:
        total.add(Counters.of(row))
    return total
