"""Review: chips and the table's life cycle (banks, leaving, bans, away seats)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.engine import Action
from games.models import Deal, Seat, TableSession
from games.services import (
    dealing,
    practice_table_open,
    table_away,
    table_leave,
    table_sit,
    tables_tick,
)
from ledger.models import Account
from ledger.services import account_bank, account_treasury, ledger_verify

from .conftest import sit_all, start_deal


def _balance(account) -> int:
    return Account.objects.get(pk=account.pk).balance


def _run_clock(table, *, until, rounds: int = 800) -> None:
    for _ in range(rounds):
        if until():
            return
        tables_tick(timezone.now() + timedelta(seconds=5))
    raise AssertionError("the clock did not get there")


def _latest(table) -> Deal | None:
    return Deal.objects.filter(session=table).order_by("-number").first()


def test_practice_table_closes_when_its_player_leaves_during_a_deal(club, players):
    """The practice owner clicks "Leave" mid-deal: he is stood up when the deal ends, and the table
    must then close (bots up, bank back to the treasury), as when he leaves between deals.

    It stays open for good: ``deal_finish`` stands him up and calls ``table_after_stand_up`` *before*
    ``_apply`` saves ``finished_at``, so ``deal_running()`` (a fresh query) still sees the deal as
    running and ``table_after_stand_up`` returns early. The table is left RUNNING with three bots and
    a bank nobody will ever play (no person sits, so no deal starts). Fix: save the deal's
    ``finished_at`` before standing seats up (or pass the finished deal to ``table_after_stand_up``)."""
    user = players[0]
    treasury = account_treasury(club=club)
    treasury_before = _balance(treasury)
    table = practice_table_open(club=club, user=user, preset="classic")
    deal = start_deal(table)
    assert table_leave(session_id=table.pk, user=user) is False  # he plays in it: after the deal
    table_away(session_id=table.pk, user=user)
    _run_clock(table, until=lambda: Deal.objects.get(pk=deal.pk).is_over)
    assert Seat.objects.get(session=table, member__user=user).status == Seat.Status.LEFT
    table.refresh_from_db()
    assert table.status == TableSession.Status.FINISHED, "the practice table stays open with its bots"
    assert not Seat.objects.filter(session=table).exclude(status=Seat.Status.LEFT).exists()
    assert _balance(account_bank(club=club, table_id=table.pk)) == 0
    assert _balance(treasury) == treasury_before, "practice chips did not all go home"
    assert ledger_verify()[0] == []


def _pass_until_redeal(table, users) -> Deal:
    """Everybody passes every round: the deal is void (redeal) and the antes stay in the bank."""
    from games.services import table_act

    deal = start_deal(table)
    by_seat = {i: Seat.objects.get(pk=pk).member.user for i, pk in enumerate(deal.players)}
    for _ in range(100):
        deal.refresh_from_db()
        if deal.is_over:
            return deal
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        table_act(session_id=table.pk, user=by_seat[seat], action=Action("pass"), expected_seq=deal.seq)
    raise AssertionError("no redeal")


def test_a_table_whose_bank_holds_chips_does_not_stall_when_newcomers_must_wait(make_table, players, club):
    """Two play, everybody passes (redeal: the antes stay in the bank), one of them leaves and a
    newcomer sits down. The newcomer waits for an empty bank (RULES 3), the one left alone cannot be
    dealt a deal on his own, and nothing can ever empty the bank: ``deal_start`` returns None for
    good, the table never deals again and the bank's chips are stuck (real tables have no session
    close; ``_bank_lines`` is only reached for practice tables). Any newcomer makes it worse.

    Expected: the table makes progress - e.g. when fewer than two players could be dealt in only
    because of ``waiting``, let the waiters in (they ante into the carried bank) or share the bank
    out to the last deal's players - so a deal runs or the bank is empty."""
    table = make_table(seats=4)
    sit_all(table, players[:2])
    deal = _pass_until_redeal(table, players[:2])
    assert deal.result == "redeal"
    bank = account_bank(club=club, table_id=table.pk)
    assert _balance(bank) > 0
    assert table_leave(session_id=table.pk, user=players[1]) is True
    table_sit(session_id=table.pk, user=players[2], position=2, buy_in=200)
    assert Seat.objects.get(session=table, member__user=players[2]).waiting
    for _ in range(5):
        tables_tick(timezone.now() + timedelta(seconds=30))
    running = Deal.objects.filter(session=table, finished_at__isnull=True).exists()
    assert running or _balance(bank) == 0, "the table is stuck: no deal can start and the bank never empties"


def test_a_banned_member_is_not_dealt_in_again(make_table, players, club, owner):
    """A member banned between deals keeps his seat: ``membership_ban`` does not touch tables, and
    ``deal_start`` deals every taken seat. His turns are refused (banned), time out and he is marked
    away, then the server plays his wallet's chips by default moves in every later deal, antes
    included, while he can neither act nor open the table (the page and the socket refuse him).

    Expected: a banned (or departed) member's seat is stood up - now between deals, after the deal
    he plays in - with the stack back to his wallet; at least he is never dealt into a new deal."""
    table = make_table("zone52", seats=3)  # zone52 antes every deal
    sit_all(table, players[:3])
    deal = start_deal(table)
    from .conftest import play_deal_as_people

    play_deal_as_people(deal, players[:3])
    banned = Membership.objects.get(club=club, user=players[2])
    club_services.membership_ban(membership=banned, actor=owner, reason="review")
    seat = Seat.objects.filter(session=table, member=banned).latest("sat_at")
    assert seat.status == "left", "a member banned between deals is stood up at once"
    tables_tick(timezone.now() + timedelta(seconds=30))
    new = _latest(table)
    assert new is not None and new.pk != deal.pk, "the next deal did not start"
    assert seat.pk not in new.players, "the banned member's chips are dealt into the next deal"


def test_an_away_player_does_not_pay_antes_deal_after_deal(make_table, players, club):
    """A player who stepped away (or timed out and was marked away) is still dealt into every new
    deal while one person sits: in the every-deal-ante presets (zone52, frap, khrap5, named5) he pays
    the ante and passes by default, deal after deal, until his stack (his wallet's chips) is gone to
    the others. Expected (as "sitting out" at any card site): an away seat sits new deals out, or is
    stood up after a deal or two; at the least it is not made to ante."""
    table = make_table("zone52", seats=3)
    sit_all(table, players[:3])
    deal = start_deal(table)
    away_user = Seat.objects.get(pk=deal.players[0]).member.user
    table_away(session_id=table.pk, user=away_user)
    from .conftest import play_deal_as_people

    play_deal_as_people(deal, players[:3])
    # (The helper moved for him as a person, which ends "away": he steps away again.)
    table_away(session_id=table.pk, user=away_user)
    seat = Seat.objects.get(session=table, member__user=away_user)
    from games.services import booking

    before = booking.seat_stack_balance(seat)
    tables_tick(timezone.now() + timedelta(seconds=30))
    new = _latest(table)
    assert new.pk != deal.pk
    state = dealing.deal_state(new)
    if seat.pk in new.players:
        assert new.players.index(seat.pk) not in state.setup.dealt, (
            "the away player was dealt in and paid the ante"
        )
    assert booking.seat_stack_balance(seat) == before


def test_another_players_look_does_not_make_the_acting_players_move_stale(make_table, players):
    """In the face-down presets (moryak, bulgarian36, zone52's wrap, student, frap's blind) every
    player presses "Look at my cards" at the start of a deal, out of turn. Each look is an action
    that bumps ``Deal.seq``, so the move the player to act sent on the view he had (same turn, same
    legal moves) is refused as ``stale`` ("The table moved on...") and he must click again; with
    four players this hits most first moves. Expected: a look by another seat does not invalidate
    the acting seat's move (e.g. check ``expected_seq`` against a turn counter that looks don't bump,
    or accept a stale seq when the seat to act and its legal actions are unchanged)."""
    from games.services import TableError, table_act

    table = make_table("moryak")
    sit_all(table, players)
    deal = start_deal(table)
    state = dealing.deal_state(deal)
    acting = state.queue[0]
    people = dealing.deal_players(deal)
    other = next(i for i in range(4) if i != acting and not state.seen[i])
    table_act(session_id=table.pk, user=people[other].member.user, action=Action("look"), expected_seq=0)
    try:
        table_act(session_id=table.pk, user=people[acting].member.user, action=Action("pass"), expected_seq=0)
    except TableError as exc:
        raise AssertionError(f"the acting player's pass was refused: {exc.code}") from None


def test_antes_on_redeals_do_not_leave_a_table_stuck_with_its_bank(make_table, players, club):
    """Redeals ante again (``ante_on_redeal``) into the carried bank. Once fewer than two seated
    players can pay the ante, ``deal_start`` gets an EngineError and returns None for good: the table
    never deals again and everything the players put in stays in the bank, which nothing pays out on
    a real table (no session close exists; ``table_bank_close`` runs only for practice tables). A
    newcomer can't help: the bank is not empty, so he waits. Expected: a table that cannot deal with
    a non-empty bank pays it out (e.g. to the last deal's players, as ``closing._bank_lines`` intends)
    or keeps dealing (``redeal`` without ante when nobody can pay)."""
    table = make_table(seats=3, stake=50, buy_in_min=100, buy_in_max=100)
    sit_all(table, players[:2], buy_in=100)
    deal = _pass_until_redeal(table, players[:2])  # 2 × 50 in the bank, 50 left each
    assert deal.result == "redeal"
    deal = _pass_until_redeal(table, players[:2])  # ante again: 200 in the bank, 0 left each
    assert deal.result == "redeal"
    bank = account_bank(club=club, table_id=table.pk)
    assert _balance(bank) == 200
    table_sit(session_id=table.pk, user=players[2], position=2, buy_in=100)
    for _ in range(5):
        tables_tick(timezone.now() + timedelta(seconds=30))
    running = Deal.objects.filter(session=table, finished_at__isnull=True).exists()
    assert running or _balance(bank) == 0, "no deal can start and the bank's 200 chips are stuck"


def test_a_member_cannot_open_practice_tables_without_end(club, players):
    """``practice_table_open`` has no limit and never reuses the member's open practice table: each
    click on "Open a practice table" makes a new table with three bots (2,000 treasury chips into
    stacks), listed to the whole club under "Tables", which stays open while he sits there (he is
    seated at all of them at once) - an easy way to flood a club's table list and treasury.
    Expected: a member's second request returns his open practice table (or is refused)."""
    first = practice_table_open(club=club, user=players[0], preset="classic")
    second = practice_table_open(club=club, user=players[0], preset="classic")
    live = TableSession.objects.filter(
        club=club, practice=True, created_by=players[0], status__in=["open", "running"]
    )
    assert live.count() == 1, f"{live.count()} practice tables open for one member ({first.pk}, {second.pk})"


def test_another_seat_going_away_does_not_reset_the_acting_seats_clock(make_table, players):
    """``_set_away`` recomputes the deal's deadline whenever any seat of the deal goes away or comes
    back, i.e. the clock of the seat *to act* restarts at a full ``turn_seconds`` (or the bot/away
    delay). Any other player can thus stall the table without end by toggling "Step away"/"I'm back"
    (8 messages a second pass the rate limit): the slow player gets unlimited time, an away seat or a
    bot never gets to move. Fix: only recompute the deadline when the seat that changed is the one
    to act."""
    import time

    table = make_table(turn_seconds=30)
    sit_all(table, players)
    deal = start_deal(table)
    acting = dealing.deal_state(deal).queue[0]
    before = Deal.objects.get(pk=deal.pk).deadline
    other = dealing.deal_players(deal)[(acting + 1) % 4].member.user
    time.sleep(0.01)
    from games.services import table_back

    table_away(session_id=table.pk, user=other)
    table_back(session_id=table.pk, user=other)
    assert Deal.objects.get(pk=deal.pk).deadline == before, "the acting seat's clock was restarted"
