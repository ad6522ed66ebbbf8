"""Reading the stats: a club's leaderboard and one player's page (selectors; no writes).

The leaderboard sums the day rows of ``PlayerStats`` over the chosen period (the last 7 or 30 days,
or all time; days are UTC). The player page adds what counters cannot say, read from his finished
deals (real tables only): his net chips deal after deal, how often each status he played made its
tricks, and the cards he played in the deals he won.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import Any

from django.db.models import Count, Exists, Func, IntegerField, Max, OuterRef, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from club.models import Club, Membership
from ledger.models import Entry, Journal

from .engine._base import HELPER_TYPES, SNORER_TYPES
from .engine.cards import RANK_VALUE
from .howto import FRAP_FAMILY
from .models import Deal, DealAction, DealPlayer, PlayerStats, TableSession
from .presenter import status_words
from .stats import (
    FIELDS,
    MAXED,
    Counters,
    SnoreTricks,
    bank_returns,
    deal_dealt,
    rules_snore_tricks,
    stats_day,
)

#: Period name -> days it covers (None: all time).
PERIODS: dict[str, int | None] = {"week": 7, "month": 30, "all": None}
PERIOD_LABELS = {"week": _("Last 7 days"), "month": _("Last 30 days"), "all": _("All time")}
#: The leaderboard's columns, in order: key -> heading. Every one sorts.
COLUMNS: dict[str, Any] = {
    "player": _("Player"),
    "deals": _("Deals"),
    "deals_won": _("Won"),
    "net": _("Net chips"),
    "snores_declared": _("Snores declared"),
    "snores_made": _("Snores made"),
    "snores_failed": _("Snores failed"),
    "snore_rate": _("Snores made, %"),
    "helps": _("Helps"),
    "fives": _("Fives"),
    "tricks": _("Tricks"),
    "biggest_bank_won": _("Biggest bank won"),
    "seconds_played": _("Time played"),
}
#: The headings a club whose counted tables are all of Frap's family reads in its game's words (its
#: table and deal pages say "frap", "whist", "cut"): in Classic's, its board counted "snores".
FRAP_COLUMNS: dict[str, Any] = {
    "snores_declared": _("Fraps declared"),
    "snores_made": _("Fraps made"),
    "snores_failed": _("Fraps failed"),
    "snore_rate": _("Fraps made, %"),
    "helps": _("Whists"),
    "fives": _("Cuts"),
}
DEFAULT_SORT = "net"
LEADERBOARD_SIZE = 200


def today_utc() -> date:
    return stats_day(timezone.now())


def period_since(period: str, today: date | None = None) -> date | None:
    days = PERIODS.get(period)
    if days is None:
        return None
    return (today or today_utc()) - timedelta(days=days - 1)


def _aggregates() -> dict[str, Any]:
    return {name: Max(name) if name in MAXED else Sum(name) for name in FIELDS}


def percent(part: int, whole: int) -> int:
    """``part`` of ``whole`` in whole per cent, a half rounded up as a reader rounds it: round()
    takes a half to the even number, and 1 of 8 read 12 % while 3 of 8 read 38 %."""
    return (200 * part + whole) // (2 * whole)


def snore_rate(counters: Counters) -> int | None:
    tried = counters.snores_made + counters.snores_failed
    return percent(counters.snores_made, tried) if tried else None


def name_order(name: str) -> tuple[str, str]:
    """A name's place in a list sorted by name: a letter with a mark sorts with its letter (by code
    point, "Ёлка" came after "Яна" and "Émile" after "Zora"), й stays a letter of its own, after и,
    as a Russian or Bulgarian index has it; names that differ only by a mark keep one order."""
    folded = unicodedata.normalize("NFC", name.casefold())
    bare = "".join(
        letter
        if letter == "й"
        else "".join(c for c in unicodedata.normalize("NFD", letter) if not unicodedata.combining(c))
        for letter in folded
    )
    return bare, folded


@dataclass(frozen=True)
class Row:
    member: Membership
    counters: Counters
    snore_rate: int | None
    #: The place on the board: players level on the sorted column share one (1, 1, 3), as a ranking
    #: does; "#2" over a player level with "#1" told him he was behind.
    rank: int = 0

    def value(self, key: str) -> Any:
        if key == "player":
            return name_order(self.member.user.shown_name)
        if key == "snore_rate":
            return self.snore_rate
        return getattr(self.counters, key)

    def shown(self, key: str) -> Any:
        """The value as the board shows it, which places compare: "Time played" reads whole minutes
        (``played_time``), and two players reading "1 h 05 min" were #1 and #2 by the seconds."""
        value = self.value(key)
        return value // 60 if key == "seconds_played" and value is not None else value


def leaderboard(
    *,
    club: Club,
    period: str = "week",
    sort: str = DEFAULT_SORT,
    descending: bool = True,
    today: date | None = None,
    size: int | None = None,
) -> list[Row]:
    """The club's players over the period, sorted by one column (empty values last): the first
    ``size`` of them (``LEADERBOARD_SIZE``)."""
    size = LEADERBOARD_SIZE if size is None else size
    stats = PlayerStats.objects.filter(club=club)
    since = period_since(period, today)
    if since is not None:
        stats = stats.filter(day__gte=since)
    totals = {row.pop("member"): Counters.of(row) for row in stats.values("member").annotate(**_aggregates())}
    # The club's members as they are now: a player banned (a cheat's winnings would stay on top),
    # gone, or whose account the operators switched off is off the board; his player page still
    # shows the deals he played here.
    members = Membership.objects.filter(
        pk__in=list(totals), status=Membership.Status.ACTIVE, user__is_active=True
    ).select_related("user")
    rows = [Row(member=m, counters=totals[m.pk], snore_rate=snore_rate(totals[m.pk])) for m in members]
    key = sort if sort in COLUMNS else DEFAULT_SORT
    # Level players by the name the board shows (then the username, for two of one name): by the
    # username alone, "Yana @alpha" stood above "Anna @bob".
    rows.sort(key=lambda r: (name_order(r.member.user.shown_name), r.member.user.username))
    present = [r for r in rows if r.value(key) is not None]
    missing = [r for r in rows if r.value(key) is None]
    present.sort(key=lambda r: r.value(key), reverse=descending)
    board: list[Row] = []
    for place, row in enumerate((present + missing)[:size], 1):
        before = board[-1] if board else None
        level = before is not None and key != "player" and before.shown(key) == row.shown(key)
        board.append(replace(row, rank=before.rank if level and before is not None else place))
    return board


def column_labels(club: Club) -> dict[str, Any]:
    """The leaderboard's headings in the words of the club's game: Frap's when every table counted on
    it (a real table with a finished deal) is of Frap's family. A club of mixed games sums one
    game's frap with another's snore under one heading, and reads Classic's words, the site's own."""
    # Each table asked once whether a deal of it finished (EXISTS): joined to its deals, the board's
    # every load read every finished deal of the club's history only to keep one row per game.
    finished = Deal.objects.filter(session=OuterRef("pk"), finished_at__isnull=False)
    presets = set(
        TableSession.objects.filter(club=club, practice=False)
        .filter(Exists(finished))
        .values_list("preset", flat=True)
        .distinct()
    )
    if presets and presets <= FRAP_FAMILY:
        return {**COLUMNS, **FRAP_COLUMNS}
    return dict(COLUMNS)


def player_totals(*, membership: Membership, period: str = "all", today: date | None = None) -> Counters:
    stats = PlayerStats.objects.filter(member=membership)
    since = period_since(period, today)
    if since is not None:
        stats = stats.filter(day__gte=since)
    return Counters.of(stats.aggregate(**_aggregates()))


def _played(membership: Membership):
    return DealPlayer.objects.filter(
        member=membership, deal__finished_at__isnull=False, deal__session__practice=False
    )


def _moved_back(membership: Membership, *, bank: bool = True) -> dict[int, int]:
    """Per deal: the chips a manager moved back to or from him, and (``bank``) those of the table's
    bank given back to him after it (his net in it is its row's plus these; whether he won it, its
    row's plus the chips moved back)."""
    moved = {
        deal_id: int(total or 0)
        for deal_id, total in Entry.objects.filter(
            account__member=membership,
            journal__kind=Journal.Kind.REVERSAL,
            journal__deal__isnull=False,
            journal__deal__session__practice=False,
        )
        .values_list("journal__deal_id")
        .annotate(total=Sum("amount"))
    }
    if not bank:
        return moved
    # A practice table's bank shared into his stack is the treasury's chips, as its deals are.
    his = Entry.objects.filter(account__member=membership).exclude(account__table__practice=True)
    for (deal_id, _member), total in bank_returns(his).items():
        moved[deal_id] = moved.get(deal_id, 0) + total
    return moved


def success_caption(rows: list[dict[str, Any]]) -> str:
    """The success chart's caption: the tricks each of its bars promised, in its bars' words ("frap:
    2 tricks; whist: 1 trick"). A caption of Classic's "two for a snore; one for a help or a five"
    read beside a Frap player's bars named frap and whist, and said nothing of a table whose rules
    ask another count."""
    if not rows:
        return gettext("Deals in which the player took the tricks the status promised.")
    promises = []
    for row in rows:
        counts = [str(n) for n in row["tricks"]]
        number = (
            counts[0]
            if len(counts) == 1
            else gettext("%(some)s or %(last)s") % {"some": ", ".join(counts[:-1]), "last": counts[-1]}
        )
        tricks = ngettext("%(counter)s trick", "%(counter)s tricks", row["tricks"][-1]) % {"counter": number}
        promises.append(f"{row['label']}: {tricks}")
    return gettext("Deals in which the player took the tricks the status promised (%(promises)s).") % {
        "promises": "; ".join(promises)
    }


def player_net_series(*, membership: Membership, limit: int = 300) -> list[tuple[datetime, int]]:
    """His net chips after each of his last ``limit`` deals, counted from his very first. A deal's
    chips moved back by a manager count in that deal, as the totals beside the chart count them
    (the nightly recount reads them off the ledger): the chart ended elsewhere than "Net chips"."""
    moved_back = _moved_back(membership)
    # Only the deals he was dealt into, as the counters beside the chart count them: a deal he sat
    # at but waited through (back from "away" while the bank held the others' chips) has a row of
    # his too, and the chart said "3 deals" beside "Deals: 1" (review 31).
    rows: list[tuple[int, datetime, int | None]] = []
    more = False
    played = (
        _played(membership)
        .order_by("-deal__finished_at", "-deal_id")
        .values_list("deal_id", "deal__finished_at", "net", "engine_seat", "deal__opening")
    )
    for deal, when, net, seat, opening in played.iterator(chunk_size=limit + 1):
        if seat not in deal_dealt(opening):
            continue
        if len(rows) == limit:
            more = True
            break
        rows.append((deal, when, net))
    rows.reverse()
    before = 0
    if more:
        everything = (_played(membership).aggregate(total=Sum("net"))["total"] or 0) + sum(
            int(v or 0) for v in moved_back.values()
        )
        before = everything - sum(int(net or 0) + int(moved_back.get(deal, 0) or 0) for deal, _w, net in rows)
    series, running = [], before
    for deal, when, net in rows:
        running += int(net or 0) + int(moved_back.get(deal, 0) or 0)
        series.append((when, running))
    return series


class SeatTricks(Func):
    """The tricks one seat took in a deal, from its outcome (``outcome["tricks"][seat]``), in SQL: a
    number, or NULL when the outcome holds none for the seat."""

    arity = 2
    output_field = IntegerField()

    def as_sql(self, compiler: Any, connection: Any, **extra_context: Any) -> tuple[str, list[Any]]:
        (outcome, outcome_params), (seat, seat_params) = (
            compiler.compile(expression) for expression in self.get_source_expressions()
        )
        # A number's whole part: compared with a whole number of tricks promised, it says the same.
        if connection.vendor == "postgresql":
            taken = f"(({outcome}) -> 'tricks' -> ({seat})::integer)"
            number = f"floor(({taken} #>> '{{}}')::numeric)::bigint"
            sql = f"CASE WHEN jsonb_typeof({taken}) = 'number' THEN {number} END"
        else:  # SQLite's JSON1, as Django's JSONField needs it
            path = f"'$.tricks[' || ({seat}) || ']'"
            sql = (
                f"CASE WHEN json_type({outcome}, {path}) IN ('integer', 'real') "
                f"THEN CAST(json_extract({outcome}, {path}) AS INTEGER) END"
            )
        # Each part appears twice in the SQL, and its parameters with it.
        params = [*outcome_params, *seat_params]
        return sql, params * 2


def player_success_by_status(*, membership: Membership) -> list[dict[str, Any]]:
    """For each status he played: in how many deals, and how often he took the tricks it promised:
    every such deal, as the counters beside the chart count them (read his last 2,000, a member of
    some years read "snore: 60 % (1200 of 2000)" under "Snores made: 1500, Snores failed: 600").
    A status is named as his table's game names it (the table and the deal page do): named in
    Classic's words, a Frap player's frap read "snore" and a Bulgarian 36 player's wrap "dark". One
    status of two games with two names gets a bar for each, and two statuses of one name (Frap's cut,
    a five or a six) one bar."""
    order = ["snore", "cheer", "helicopter", "dark", "shoot", "blind", "help", "mourn", "five", "six"]

    def place(status: str) -> int:
        return order.index(status) if status in order else len(order)

    snore_tricks = SnoreTricks()
    words: dict[tuple[str, str | None], dict[str, str]] = {}
    tally: dict[str, list[int]] = {}
    #: Each bar's tricks promised: its tables' (a snore is two, three at a five-card table).
    needs: dict[str, set[int]] = {}
    #: Each bar's place: its first status in ``order``.
    first: dict[str, str] = {}
    # Every deal of his, counted by the database by table, status and tricks taken: a handful of
    # rows whatever his history. Read one by one (review 143), 20,000 deals took 0.1 s of the page's
    # 0.33 s, and more with each deal he played (review 150).
    counted = (
        _played(membership)
        .filter(status__in=sorted(SNORER_TYPES | HELPER_TYPES))
        .annotate(took=SeatTricks("deal__outcome", "engine_seat"))
        .order_by()
        .values("deal__session_id", "status", "took")
        .annotate(deals=Count("pk"))
        .values_list("deal__session_id", "status", "took", "deals")
    )
    played = {(session_id, status, took): deals for session_id, status, took, deals in counted}
    tables = {
        pk: (preset, rules or {})
        for pk, preset, rules in TableSession.objects.filter(
            pk__in={session_id for session_id, _status, _took in played}
        ).values_list("pk", "preset", "rules")
    }
    for (session_id, status, took), deals in played.items():
        preset, rules = tables[session_id]
        if session_id not in snore_tricks:
            snore_tricks[session_id] = rules_snore_tricks(rules)
        need = snore_tricks[session_id] if status in SNORER_TYPES else 1
        game = (preset, rules.get("dark"))
        if game not in words:
            words[game] = status_words(preset, dark=game[1])
        label = words[game].get(status, status)
        made, total = tally.setdefault(label, [0, 0])
        tally[label] = [made + (deals if took is not None and took >= need else 0), total + deals]
        needs.setdefault(label, set()).add(need)
        first[label] = min(first.get(label, status), status, key=place)
    return [
        {
            "status": first[label],
            "label": label,
            "made": tally[label][0],
            "deals": tally[label][1],
            "rate": percent(tally[label][0], tally[label][1]),
            "tricks": sorted(needs[label]),
        }
        for label in sorted(tally, key=lambda label: (place(first[label]), label))
    ]


def _trump_suit(outcome: Mapping[str, Any] | None) -> str | None:
    trump = (outcome or {}).get("trump")
    return str(trump)[-1] if trump else None


def player_winning_hand(*, membership: Membership, limit: int = 300) -> dict[str, Any]:
    """The cards of a typical winning hand: over the deals he won (and played out), the cards he
    played, as rank and trump or not; the hand is the most frequent ones, as many as a hand holds.
    ``latest``: it stopped at ``limit`` deals won, his latest (he may have won more)."""
    # Won by the ledger, as "Won" counts: a deal whose winnings a manager moved back is no winning
    # hand any more, and one whose loss was moved back may be one (review 31). A bank given back
    # after it is not its play (review 126).
    moved_back = _moved_back(membership, bank=False)
    candidates = (
        _played(membership)
        .filter(Q(net__gt=0) | Q(deal_id__in=list(moved_back)), deal__result="played")
        .order_by("-deal__finished_at")
        .values_list("deal_id", "engine_seat", "deal__outcome", "net")
    )
    won = []
    for deal_id, seat, outcome, net in candidates.iterator(chunk_size=limit + 1):
        if int(net or 0) + moved_back.get(deal_id, 0) > 0:
            won.append((deal_id, seat, outcome))
            if len(won) == limit:
                break
    seat_of = {deal_id: seat for deal_id, seat, _outcome in won}
    trump_of = {deal_id: _trump_suit(outcome) for deal_id, _seat, outcome in won}
    hands: dict[int, list[str]] = {deal_id: [] for deal_id in seat_of}
    actions = DealAction.objects.filter(deal_id__in=list(seat_of)).order_by("deal_id", "seq")
    for deal_id, events in actions.values_list("deal_id", "events"):
        for event in events or ():
            if event.get("type") == "Played" and event.get("seat") == seat_of[deal_id]:
                hands[deal_id].append(str(event["card"]))
    counts: Counter[tuple[str, bool, int]] = Counter()
    sizes: Counter[int] = Counter()
    for deal_id, cards in hands.items():
        if not cards:
            continue  # won without playing a card (alone, or four aces)
        sizes[len(cards)] += 1
        seen: Counter[tuple[str, bool]] = Counter()
        for code in cards:
            key = (code[:-1], code[-1] == trump_of[deal_id])
            seen[key] += 1
            counts[(*key, seen[key])] += 1
    played = sum(sizes.values())
    if not played:
        return {"hands": 0, "cards": [], "latest": False}
    size = sizes.most_common(1)[0][0]
    top = sorted(counts.items(), key=lambda item: (-item[1], not item[0][1], -RANK_VALUE[item[0][0]]))[:size]
    cards = [
        {"rank": rank, "trump": trump, "share": percent(n, played)}
        for (rank, trump, _copy), n in sorted(top, key=lambda item: (not item[0][1], -RANK_VALUE[item[0][0]]))
    ]
    return {"hands": played, "cards": cards, "latest": len(won) == limit}


#: Corrections said one by one in the recount's report; the rest are counted ("and 5 more").
CORRECTIONS_SHOWN = 10


def _correction_value(name: str, value: Any) -> Any:
    """A corrected counter as the board reads it: the time played as a time (in bare seconds, "Time
    played 3725 → 3600" read as minutes beside the board's "1 h 02 min"), to the second; the net
    chips with their sign ("Net chips 57 → 50" beside the board's "+57" read as another number)."""
    if name == "seconds_played" and isinstance(value, int):
        from .templatetags.club_stats import played_time_exact

        return played_time_exact(value)
    if name == "net" and isinstance(value, int):
        from .templatetags.club_stats import signed

        return signed(value)
    return value


def stats_differences_words(differences: list[Any]) -> str:
    """The nightly recount's corrections in the reader's words: "2 — Vera (@vera), 05.12.2026: Net
    chips +57 → +50; …". The audit row keeps them as data (membership id, day, counters); the club's
    managers read only this."""
    from django.utils.dateparse import parse_date
    from django.utils.formats import date_format
    from django.utils.translation import gettext

    shown = [d for d in differences[:CORRECTIONS_SHOWN] if isinstance(d, dict)]
    members = Membership.objects.select_related("user", "club").in_bulk(
        {d["member"] for d in shown if isinstance(d.get("member"), int)}
    )
    #: The counters under the board's headings, in the club's game's words (a Frap club's board
    #: says "Fraps made", and its corrections said "Snores made"): one read per club.
    labels: dict[int, dict[str, Any]] = {}
    lines = []
    for difference in shown:
        member = members.get(difference.get("member"))  # type: ignore[arg-type]
        who = member.user.name_and_username if member else f"#{difference.get('member')}"
        if member is not None and member.club_id not in labels:
            labels[member.club_id] = column_labels(member.club)
        headings = labels[member.club_id] if member is not None else COLUMNS
        day = parse_date(str(difference.get("day") or ""))
        fields = difference.get("fields") if isinstance(difference.get("fields"), dict) else {}
        changed = ", ".join(
            f"{headings.get(name, name)} {_correction_value(name, values.get('stored'))}"
            f" → {_correction_value(name, values.get('recounted'))}"
            for name, values in fields.items()
            if isinstance(values, dict)
        )
        lines.append(f"{who}, {date_format(day, 'SHORT_DATE_FORMAT') if day else '?'}: {changed}")
    if len(differences) > len(shown):
        lines.append(gettext("and %(count)s more") % {"count": len(differences) - len(shown)})
    return f"{len(differences)} — " + "; ".join(lines)
