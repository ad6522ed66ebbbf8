"""Finished deals read back: lists, a deal rebuilt action by action, and exports.

A deal is rebuilt from what was stored when it started (its snapshot's set-up: deck, stacks, bank,
dealer) and its action log, through the engine, so the replay, the export and the live table cannot
tell different stories.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Exists, OuterRef, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from club.models import Club, User

from .engine import Action, State, apply, new_deal, observe
from .engine.replay import run_scenario
from .engine.rules import PRESETS
from .models import Deal, DealAction, DealPlayer, Seat, TableSession
from .prepared import Prepared
from .services.dealing import deal_state
from .stats import bank_entries, bank_returns, deal_dealt

PAGE_SIZE = 25


def deals_finished(*, club: Club) -> QuerySet[Deal]:
    return (
        Deal.objects.filter(session__club=club, finished_at__isnull=False)
        .select_related("session")
        # ``member``: the membership a player had in the deal (whose net the reader's own row shows);
        # read with the rest, not one query per player of the page.
        .prefetch_related("deal_players__seat__member__user", "deal_players__member")
        .order_by("-finished_at", "-id")
    )


def deal_history_page(
    *,
    club: Club,
    session: TableSession | None = None,
    player: User | None = None,
    preset: str = "",
    result: str = "",
    page: int = 1,
    nothing: bool = False,
    upto: datetime | None = None,
) -> Page:
    """One page of a club's finished deals, newest first, filtered by table, player, game or result;
    ``nothing``: a filter named a player or a table there is not (no deal matches it); ``upto``: the
    deals finished by then only (the list as its first page showed it)."""
    qs = deals_finished(club=club)
    if nothing:
        qs = qs.none()
    if upto is not None:
        qs = qs.filter(finished_at__lte=upto)
    if session is not None:
        qs = qs.filter(session=session)
    if player is not None:
        qs = qs.filter(deal_players__member__user=player)
    if preset in PRESETS:
        qs = qs.filter(session__preset=preset)
    if result in ("played", "redeal", "instant_win"):
        qs = qs.filter(result=result)
    return Paginator(qs, PAGE_SIZE).get_page(page)


def _moved_back(deals: list[Deal], viewer: User) -> dict[int, int]:
    """What managers moved back of each deal's chips for ``viewer`` (a journal of the deal reversed
    after a report), by deal: his net in the deal is what it booked and what was moved back, as his
    statement, his player page and the leaderboard count it."""
    from ledger.models import Entry, Journal

    rows = (
        Entry.objects.filter(
            account__member__user=viewer,
            journal__kind=Journal.Kind.REVERSAL,
            journal__deal_id__in=[deal.pk for deal in deals],
        )
        .values_list("journal__deal_id")
        .annotate(total=Sum("amount"))
    )
    moved = {deal_id: int(total or 0) for deal_id, total in rows}
    # And the table's bank given back to him after a deal, which counts in it as his player page
    # counts it: his chart stepped by 0 at a deal this list said he lost his ante in.
    wanted = {deal.pk for deal in deals}
    given_back = bank_entries({deal.session_id for deal in deals}).filter(account__member__user=viewer)
    for (deal_id, _member), total in bank_returns(given_back).items():
        if deal_id in wanted:
            moved[deal_id] = moved.get(deal_id, 0) + total
    return moved


def deal_rows(page: Page, *, viewer: User) -> list[dict[str, Any]]:
    """What a history list shows per deal: players, result, bank and the viewer's own net."""
    rows = []
    deals = list(page.object_list)
    moved_back = _moved_back(deals, viewer) if viewer.is_authenticated and deals else {}
    for deal in deals:
        players = list(deal.deal_players.all())
        mine = next((p for p in players if p.member is not None and p.member.user_id == viewer.pk), None)
        # A seat that waited for an empty bank was dealt nothing: the list named him among the
        # players and gave him a net of 0, as if he had played the deal and broken even.
        dealt = deal_dealt(deal.opening)
        sat_out = mine is not None and mine.engine_seat not in dealt
        rows.append(
            {
                "deal": deal,
                "players": [{"name": p.seat.name, "out": p.engine_seat not in dealt} for p in players],
                "bank": (deal.outcome or {}).get("bank"),
                "net": None
                if mine is None or mine.net is None or sat_out
                else mine.net + moved_back.get(deal.pk, 0),
                "sat_out": sat_out,
                "status": mine.status if mine is not None else None,
            }
        )
    return rows


_PLAYERS_SEATED = Prepared(
    lambda deal_id: (
        DealPlayer.objects.filter(deal_id=deal_id)
        .select_related("seat__member__user")
        .order_by("engine_seat")
    )
)


def deal_players_seated(deal: Deal) -> list[DealPlayer]:
    """The deal's players in engine-seat order, each with his seat, membership and user."""
    return _PLAYERS_SEATED(deal.pk)


def deal_public(deal: Deal, players: list[DealPlayer] | None = None) -> dict[str, Any]:
    """The public part of a finished deal, shaped like a live table's (``selectors.table_public``),
    with the deal's own players in their seats (whoever sits there now). ``players``: the caller's
    ``deal_players_seated(deal)``, if it has read them already.

    Only the table's facts and the deal's log are read: who sits at the table now, their stacks and
    presence and the next deal's seed play no part in a finished deal's page."""
    from .selectors import deal_public_info, session_public

    if players is None:
        players = deal_players_seated(deal)
    played = {p.seat_id: p.seat for p in players}
    missing = [pk for pk in deal.players if pk not in played]
    if missing:  # every seat of a deal has its DealPlayer row; this only guards old rows
        played.update(Seat.objects.in_bulk(missing))
    public: dict[str, Any] = {
        "session": session_public(deal.session),
        "deal": deal_public_info(deal, played),
    }
    public["seats"] = [
        {
            "position": p.seat.position,
            "seat_id": p.seat_id,
            "name": p.seat.name,
            "bot": p.seat.is_bot,
            "user_id": p.seat.member.user_id if p.seat.member_id else None,
            "username": p.seat.member.user.username if p.seat.member_id else None,
            "status": "sitting",
            "waiting": False,
            "leaving": False,
            "connected": True,
            "engine": p.engine_seat,
            "stack": 0,
            "hold": 0,
        }
        for p in players
    ]
    public["watching"] = 0
    public["pending"] = {}
    # A past deal's bank line tells what came after it: every deal of a table closed since read
    # "This table is closed: there is no next deal.", the ones followed by another among them; nor did
    # a bank shared out after the deal (``closing.table_bank_share``) carry into the next one. Both
    # read in one query.
    from ledger.models import Journal

    # A deal's bank, emptied after it (a practice table nobody plays at gives it to the club's
    # practice chips, a closed table to its players), carried into no next deal either.
    followed, shared, emptied = (
        Deal.objects.filter(pk=deal.pk)
        .annotate(
            followed=Exists(
                Deal.objects.filter(session_id=OuterRef("session_id"), number__gt=OuterRef("number"))
            ),
            shared=Exists(
                Journal.objects.filter(idempotency_key=f"bank_share:table:{deal.session_id}:after:{deal.pk}")
            ),
            emptied=Exists(
                Journal.objects.filter(
                    kind=Journal.Kind.BANK_CLOSE,
                    entries__account__kind="bank",
                    entries__account__table_id=deal.session_id,
                    created_at__gte=OuterRef("finished_at"),
                    # before the next deal, if one followed (a person sat down at the practice table again)
                    created_at__lt=Coalesce(
                        Subquery(
                            Deal.objects.filter(
                                session_id=OuterRef(OuterRef("session_id")),
                                number__gt=OuterRef(OuterRef("number")),
                            )
                            .order_by("number")
                            .values("started_at")[:1]
                        ),
                        Value(datetime.max.replace(tzinfo=UTC)),
                    ),
                )
            ),
        )
        .values_list("followed", "shared", "emptied")
        .get()
    )
    bank = (deal.outcome or {}).get("bank", 0)
    public["deal"]["followed"] = followed
    public["deal"]["bank_shared"] = bank if shared else 0
    public["deal"]["bank_emptied"] = bank if emptied and not shared else 0
    return public


def viewer_seat(deal: Deal, user: User) -> int | None:
    row = (
        DealPlayer.objects.filter(deal=deal, member__user=user).values_list("engine_seat", flat=True).first()
    )
    return row


def dealt_hands(state: State) -> list[list[str] | None]:
    """Each seat's hand as dealt (RULES.md 4.1), from the deck and the dealing order."""
    setup = state.setup
    m, size = len(setup.dealt), setup.rules.hand_size
    hands: list[list[str] | None] = [None] * setup.seats
    for j, seat in enumerate(setup.dealt):
        hands[seat] = list(setup.deck[j : m * size : m])
    return hands


@dataclass(frozen=True)
class Step:
    seq: int  # 0: as dealt; k: after action k
    row: DealAction | None
    state: State


def deal_steps(deal: Deal, actions: Iterable[DealAction] | None = None) -> list[Step]:
    """The deal as dealt, then after each action: rebuilt through the engine from the stored start.
    ``actions``: the deal's actions in order, when the caller read them with other deals'."""
    setup = deal_state(deal).setup
    state = new_deal(
        setup.rules,
        stake=setup.stake,
        stacks=setup.start_stacks,
        bank=setup.start_bank,
        dealer=setup.dealer,
        deck=setup.deck,
        waiting=setup.waiting,
        redeal=setup.redeal,
    )
    steps = [Step(0, None, state)]
    if actions is None:
        actions = DealAction.objects.filter(deal=deal).order_by("seq")
    for row in actions:
        state, _events = apply(state, row.seat, Action.from_json(row.action))
        steps.append(Step(row.seq, row, state))
    return steps


def step_view(step: Step, seat: int | None) -> dict[str, Any]:
    """The table as ``seat`` saw it at this step (a spectator's view for ``None``), without choices:
    a replay shows, it does not play."""
    view = observe(step.state, seat)
    view["legal_actions"] = []
    return view


# --- export: the scenario format of ``python -m games.engine.replay`` -----------------------------------


def _excluded_waiting(state: State) -> list[int]:
    """Seats that sat this deal out only because they waited for an empty bank: the scenario format
    has no such seat, so the export leaves them out (they played no part)."""
    setup = state.setup
    if not setup.rules.join_when_bank_empty or setup.start_bank == 0:
        return []
    return [s for s in setup.waiting if s not in setup.dealt]


def _deal_part(deal: Deal, state: State, keep: list[int], seats: list[Seat] | None = None) -> dict[str, Any]:
    """One deal of a file; ``seats``: its Seat rows in engine order, if the caller read them."""
    index = {old: new for new, old in enumerate(keep)}
    actions = [
        {"seat": index[row.seat], **row.action}
        for row in deal.actions.all()  # in seq order (the model's); read with the table's other deals
    ]
    hands = dealt_hands(state)
    part: dict[str, Any] = {
        "deck": list(state.setup.deck),
        "actions": actions,
        "_deal": {"id": deal.pk, "number": deal.number, "session": deal.session_id},
        "_fair": {
            "commitment": deal.commitment,
            "seed": deal.seed,
            "contributions": [c["value"] for c in deal.contributions],
            # Review 152: the seat each string came from, in the file's seat numbers (parallel to
            # ``contributions``, ascending: the seed mixes them in seat order), and the bots' seats
            # (a bot sends none). An older deal's strings were stored by position alone, which a
            # seat's later holder shares: its record names no seats, and the verifiers say so.
            **_string_seats(deal, keep, seats if seats is not None else _deal_seats(deal)),
            "dealt": [index[s] for s in state.setup.dealt],
            "hands": [hands[s] for s in keep],
            # The seat the hands went round from (its left first): the verifiers check the order.
            "dealer": _dealer_after_dropping(state, keep),
        },
        "_result": _recorded_result(deal, keep),
    }
    if deal.dealer_from_seed and len(keep) == state.setup.seats:
        # The table's first deal: its dealer was drawn from its seed (``fairness.first_dealer``),
        # which the verifiers check (not a first deal dealt before that: its dealer was not).
        part["_fair"]["first"] = True
    return part


def _deal_seats(deal: Deal) -> list[Seat]:
    """The deal's Seat rows in engine order (read with the table's other deals when prefetched)."""
    cached = getattr(deal, "_prefetched_objects_cache", {}).get("deal_players")
    if cached is not None and len(cached) == len(deal.players):
        by_engine = {p.engine_seat: p.seat for p in cached}
        if all(e in by_engine for e in range(len(deal.players))):
            return [by_engine[e] for e in range(len(deal.players))]
    rows = Seat.objects.select_related("member__user").in_bulk(deal.players)
    return [rows[pk] for pk in deal.players]


def _string_seats(deal: Deal, keep: list[int], seats: list[Seat]) -> dict[str, Any]:
    """``contributors`` (each string's seat, in the file's numbers) when every string is bound to a
    kept seat, and ``bots`` (the kept bots' seats)."""
    index = {old: new for new, old in enumerate(keep)}
    out: dict[str, Any] = {}
    engine = {seat.pk: e for e, seat in enumerate(seats)}
    found = [engine.get(c["seat"]) if "seat" in c else None for c in deal.contributions]
    if all(e is not None and e in index for e in found):
        out["contributors"] = [index[e] for e in found if e is not None]
    out["bots"] = [index[s] for s in keep if seats[s].is_bot]
    return out


def strings_left_out(deal: Deal, keep: list[int]) -> bool:
    """Does a string of the deal come from a seat the file leaves out (a seat waiting for an empty
    bank)? Such a file could not name its seat: the deal's file is its fairness record instead."""
    dropped = {pk for s, pk in enumerate(deal.players) if s not in keep}
    return any(c.get("seat") in dropped for c in deal.contributions)


#: The per-seat lists of a deal's recorded outcome (``Deal.outcome``), cut to the kept seats.
_PER_SEAT = ("statuses", "tricks", "payouts", "penalties", "stacks")


def _recorded_result(deal: Deal, keep: list[int]) -> dict[str, Any]:
    """The result the site booked for the deal, as its page shows it: ``games.engine.verify`` replays
    the moves and holds this to them (the cards alone did not show that the payouts follow from
    the moves). The next dealer is a kept seat's number, as the file's dealer is."""
    out = deal.outcome or {}
    result: dict[str, Any] = {key: out.get(key) for key in ("result", "trump", "bank")}
    for key in _PER_SEAT:
        values = list(out.get(key) or ())
        result[key] = [values[s] for s in keep] if len(values) > max(keep, default=-1) else values
    result["next_dealer"] = _next_dealer_kept(out.get("next_dealer"), keep, len(out.get("stacks") or ()))
    return result


def _next_dealer_kept(dealer: Any, keep: list[int], seats: int) -> Any:
    """The kept seat that deals next: the table's next dealer, or, when that is a seat the file left
    out (a player waiting for an empty bank, the deal passing to him clockwise), the first kept
    seat clockwise from him, as the replay, which has no such seat, passes it."""
    if not isinstance(dealer, int) or not keep or seats < 1:
        return dealer
    for step in range(seats):
        seat = (dealer + step) % seats
        if seat in keep:
            return keep.index(seat)
    return dealer


def _dealer_after_dropping(state: State, keep: list[int]) -> int:
    """The kept seat that deals in the same order: the last one dealt to."""
    dealer = state.setup.dealer
    if dealer in keep:
        return keep.index(dealer)
    return keep.index(state.setup.dealt[-1])


def _follows(previous: Deal, deal: Deal, state: State) -> bool:
    """Does ``deal`` follow ``previous`` at an unchanged table, as a scenario's next deal would?"""
    out = previous.outcome or {}
    setup = state.setup
    return (
        deal.players == previous.players
        and list(setup.start_stacks) == list(out.get("stacks", ()))
        and setup.start_bank == out.get("bank")
        and setup.dealer == out.get("next_dealer")
        and setup.redeal == (previous.result == "redeal")
    )


def _redeal_chain(deal: Deal, state: State) -> list[tuple[Deal, State]]:
    """A deal dealt again after everybody passed antes differently (RULES.md 4.7) and a scenario can
    say so only by playing the voided deal first: the deal with the voided deals before it."""
    chain = [(deal, state)]
    while chain[0][1].setup.redeal:
        first, first_state = chain[0]
        previous = Deal.objects.filter(session=first.session, number=first.number - 1).first()
        if previous is None or not previous.is_over or not _follows(previous, first, first_state):
            break
        chain.insert(0, (previous, deal_state(previous)))
    return chain


def deal_export(deal: Deal) -> dict[str, Any]:
    """One finished deal as a scenario file (after the deals voided just before it, if it was dealt
    again); ``replay`` reproduces its outcome exactly."""
    state = deal_state(deal)
    chain = _redeal_chain(deal, state)
    scenario = _scenario(deal, chain)
    if len(chain) > 1 and not _replays(scenario, deal):
        # The voided deals before it do not lead to it in a replay (the table dealt them in a way a
        # scenario cannot follow, such as a waiting seat): the deal alone, marked as a redeal.
        scenario = _scenario(deal, [(deal, state)])
    return scenario


def scenario_can_say(state: State, deal: Deal | None = None) -> bool:
    """Can a scenario file say the deal that started so? One that leaves out the seats waiting for an
    empty bank can, if the seats it keeps are dealt the same deck and are a table the preset seats,
    and (``deal`` given) none of them gave a string (review 152: the file names each string's seat);
    else the deal's file is its fairness record alone (``deal_fairness_record``)."""
    dropped = _excluded_waiting(state)
    if not dropped:
        return True
    if deal is not None and strings_left_out(deal, [s for s in range(state.setup.seats) if s not in dropped]):
        return False
    rules, seats = state.setup.rules, state.setup.seats
    kept = seats - len(dropped)
    return (
        rules.deck_for(kept) == rules.deck_for(seats)
        # Fewer seats than the preset is played by: the replay refuses the file (a Student deal of
        # three seats, one of them waiting, is not a two-player game; review 24).
        and rules.min_players <= kept <= rules.max_players
    )


def rules_as_played(state: State, preset: str) -> dict[str, Any]:
    """The overrides that make the code's preset the rules the deal was played by: the table keeps
    the rules it opened with (``TableSession.rules``), and a preset changed in the code since would
    replay the manager's overrides alone under other rules (another deck, other payouts). Its
    ``name`` plays no part, and the Fairness page takes no such rule."""
    played = state.setup.rules.to_json()
    now = PRESETS[preset].to_json() if preset in PRESETS else {}
    return {key: value for key, value in played.items() if key != "name" and now.get(key) != value}


def _scenario(deal: Deal, chain: list[tuple[Deal, State]]) -> dict[str, Any]:
    first_state = chain[0][1]
    if not scenario_can_say(first_state):
        raise ValueError("players waiting for an empty bank sat this deal out: no scenario can say so")
    dropped = _excluded_waiting(first_state)
    keep = [s for s in range(first_state.setup.seats) if s not in dropped]
    if any(strings_left_out(d, keep) for d, _state in chain):
        raise ValueError("a string of a seat the scenario leaves out: no scenario can name its seat")
    session = deal.session
    scenario: dict[str, Any] = {
        "_comment": f"{session.title}, deal {deal.number}: exported by Khrap Club",
        "preset": session.preset,
        "rules": rules_as_played(first_state, session.preset),
        "stake": first_state.setup.stake,
        "stacks": [first_state.setup.start_stacks[s] for s in keep],
        "bank": first_state.setup.start_bank,
        "dealer": _dealer_after_dropping(first_state, keep),
    }
    if first_state.setup.redeal:
        # Dealt again after a voided deal the file cannot hold (the table changed in between): the
        # file says so, and the antes are a redeal's.
        scenario["redeal"] = True
    # The voided deals before it were dealt to the same seats (``_follows``): read once.
    seats = _deal_seats(deal)
    scenario["deals"] = [
        _deal_part(d, st, keep, seats if d.players == deal.players else None) for d, st in chain
    ]
    return scenario


def deal_fairness_record(deal: Deal) -> dict[str, Any]:
    """The fairness record alone of a deal no scenario can say (``deal_export`` refused it): its deck
    and ``_fair`` with every seat kept, what ``games.engine.verify`` and the Fairness page check. The
    replay refuses it (no stakes, no stacks): it is not a scenario."""
    state = deal_state(deal)
    session = deal.session
    return {
        "_comment": (
            f"{session.title}, deal {deal.number}: its fairness record, exported by Khrap Club. Players "
            "waiting for an empty bank sat this deal out, which no scenario can say: "
            "python -m games.engine.verify checks it, games.engine.replay cannot play it."
        ),
        "preset": session.preset,
        "rules": rules_as_played(state, session.preset),
        "deals": [_deal_part(deal, state, list(range(state.setup.seats)))],
    }


def deal_export_or_record(deal: Deal) -> dict[str, Any]:
    """The deal's scenario file, or its fairness record if no scenario can say it."""
    try:
        return deal_export(deal)
    except ValueError:
        return deal_fairness_record(deal)


def deal_strings_by_seat(deal: Deal, record: dict[str, Any], viewer: User) -> dict[str, Any]:
    """What the Fairness page shows of ``deal`` beside its file (``record``, its export): each string
    at its seat with the player's name, and the reader's own seat in the file's numbers (None when
    he had none in the deal). ``rows`` is None when the record names no seats (an older deal).

    ``numbers``: each of the file's seats as the table numbered it for people ("Seat 1" its first),
    which ``shown`` gives each row: the file counts from 0 and only the seats it keeps, and a player
    checking that his string was at his seat read another number than the table's (review 157)."""
    fair = record["deals"][-1]["_fair"]
    seats = _deal_seats(deal)
    kept = len(fair["hands"])
    state = deal_state(deal)
    dropped = _excluded_waiting(state) if kept != len(seats) else []
    keep = [s for s in range(len(seats)) if s not in dropped]
    mine = next(
        (e for e, seat in enumerate(seats) if seat.member_id and seat.member.user_id == viewer.pk), None
    )
    my_seat = keep.index(mine) if mine in keep else None
    numbers = [seats[e].position + 1 for e in keep]
    rows = None
    if "contributors" in fair and len(keep) == kept:
        rows = [
            {
                "seat": at,
                "shown": numbers[at],
                "name": seats[keep[at]].name,
                "string": value,
                "mine": at == my_seat,
            }
            for at, value in zip(fair["contributors"], fair["contributions"], strict=True)
        ]
    return {
        "rows": rows,
        "my_seat": my_seat,
        "deal_id": deal.pk,
        "numbers": numbers if len(keep) == kept else None,
    }


def session_export(session: TableSession) -> list[dict[str, Any]]:
    """A session's finished deals as scenario files: one per run of deals that follow each other at
    an unchanged table (same players, stacks and bank carried, the dealer the rules name)."""
    runs: list[dict[str, Any]] = []
    members: list[list[Deal]] = []  # the deals each run was made of
    previous: Deal | None = None
    # The table's deals come with their session and actions, a chunk at a time: a table of a year's
    # deals read each one's session and actions with two queries of its own.
    deals = (
        Deal.objects.filter(session=session, finished_at__isnull=False)
        .select_related("session")
        .prefetch_related("actions", "deal_players__seat")
        .order_by("number")
    )
    for deal in deals.iterator(chunk_size=200):
        try:
            scenario = deal_export(deal)
        except ValueError:  # no scenario can say it: its fairness record, a file of its own
            runs.append(deal_fairness_record(deal))
            members.append([])
            previous = None
            continue
        state = deal_state(deal)
        if (
            previous is not None
            and runs
            # The run's seats are this deal's: neither left a waiting seat out (a run whose first
            # deal did has fewer seats than a later deal that dealt the waiting player in).
            and len(runs[-1]["stacks"]) == state.setup.seats
            and not _excluded_waiting(state)
            and _follows(previous, deal, state)
        ):
            runs[-1]["deals"].append(scenario["deals"][-1])
            members[-1].append(deal)
        else:
            runs.append(scenario)
            members.append([deal])
        previous = deal
    out: list[dict[str, Any]] = []
    for run, deals in zip(runs, members, strict=True):
        if len(deals) < 2 or _replays(run, deals[-1]):
            out.append(run)
        else:
            # A table can deal in ways the joining rules above do not foresee (a waiting seat and a
            # redeal together): a run that does not replay to its last deal's result is never
            # offered; its deals go one file each, as a single deal's export does.
            out.extend(deal_export(deal) for deal in deals)
    return out


def _replays(run: dict[str, Any], last: Deal) -> bool:
    """Does ``replay`` play ``run`` through, ending with the chips and bank ``last`` ended with?"""
    output, status = run_scenario(run)
    outcome = last.outcome or {}
    stacks, expected = list(output.get("stacks") or ()), list(outcome.get("stacks") or ())
    return (
        status == 0
        and output.get("error") is None
        and len(output.get("deals") or ()) == len(run["deals"])
        and output.get("bank") == outcome.get("bank")
        # A run whose first deal left a waiting seat out has fewer seats than the table's outcome.
        and (len(stacks) != len(expected) or stacks == expected)
    )


def export_text(data: Any) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False)
