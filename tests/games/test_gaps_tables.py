"""Gaps at the live tables: the default moves beyond "pass" (a five's discard, standing pat, the lowest
legal card), a player away two deals in a row stood up with his chips home, the deal log in words and
presence on the table frame, and the club page's list of tables."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Membership
from games.engine import Action, observe
from games.engine.bots import BasicBot
from games.models import Deal, DealAction, Seat
from games.services import dealing, table_act, table_away, table_back, tables_tick
from games.services.booking import seat_stack_balance
from games.services.presence import presence_join
from ledger.models import Account, Journal
from ledger.services import account_wallet, ledger_verify

from .conftest import sit_all, start_deal
from .gaps_script import BIDS, FIVE_DRAW, HANDS, HELPER_DRAW, play_scripted, seat_of_user, use_deck


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _last(deal: Deal) -> DealAction:
    return DealAction.objects.filter(deal=deal).latest("seq")


def _hand(deal: Deal, seat: int) -> list[str]:
    deal.refresh_from_db()
    return list(dealing.deal_state(deal).hands[seat])


def _wallet(club, user) -> int:
    account = account_wallet(membership=Membership.objects.get(club=club, user=user))
    return Account.objects.get(pk=account.pk).balance


# --- 1. default moves beyond "pass" -----------------------------------------------------------------


def test_the_clock_discards_the_lowest_card_drawn_stands_pat_and_plays_the_lowest_legal_card(
    make_table, players, monkeypatch
):
    table = make_table(turn_seconds=30)
    use_deck(monkeypatch, table=table)
    sit_all(table, players)
    deal = start_deal(table)
    said: dict[int, int] = {}

    # Dasha (seat 2) took a five: she drew AS KD 10D JD QD and must give one back. She lets her
    # time run out: the clock keeps her four best cards and discards the lowest, 10D (review 47).
    play_scripted(deal, until=lambda view: view["need"] == "discard", said=said)
    assert dealing.deal_state(deal).queue[0] == 2
    assert _hand(deal, 2) == FIVE_DRAW
    assert tables_tick(timezone.now() + timedelta(seconds=10)) == 0  # her time is not up yet
    assert DealAction.objects.filter(deal=deal, actor="timeout").count() == 0
    assert tables_tick(timezone.now() + timedelta(seconds=31)) >= 1
    moved = _last(deal)
    assert (moved.seat, moved.actor, moved.action) == (2, "timeout", {"do": "discard", "cards": ["10D"]})
    assert _hand(deal, 2) == ["AS", "KD", "JD", "QD"]
    assert seat_of_user(table, players[2]).status == Seat.Status.AWAY
    table_back(session_id=table.pk, user=players[2])

    # Vera (seat 0), the snorer, steps away on her exchange turn: the clock stands pat for her at
    # once (no card given up, her hand unchanged, the stock untouched).
    deal.refresh_from_db()
    state = dealing.deal_state(deal)
    assert state.queue[0] == 0 and state.need == "exchange"
    stock_before = state.stock_end - state.stock_top
    table_away(session_id=table.pk, user=players[0])
    tables_tick(timezone.now() + timedelta(seconds=1))
    moved = _last(deal)
    assert moved.seat == 0 and moved.actor == "timeout"
    assert moved.action["do"] == "exchange" and not moved.action.get("cards")
    assert _hand(deal, 0) == HANDS[0]
    state = dealing.deal_state(deal)
    assert state.stock_end - state.stock_top == stock_before

    # Gleb exchanges for himself; Dasha leads the ace of spades. Vera, still away, must follow
    # spades: of 10S and JS the lowest, 10S, although 7C is the lowest card in her hand.
    play_scripted(deal, until=lambda view: view["need"] == "play", said=said)
    assert _hand(deal, 1) == ["KC", "KS", *HELPER_DRAW]
    assert dealing.deal_state(deal).queue[0] == 2
    table_act(
        session_id=table.pk,
        user=players[2],
        action=Action.from_json({"do": "play", "card": "AS"}),
        expected_seq=deal.seq,
    )
    assert dealing.deal_state(Deal.objects.get(pk=deal.pk)).queue[0] == 0
    tables_tick(timezone.now() + timedelta(seconds=1))
    moved = _last(deal)
    assert (moved.seat, moved.actor, moved.action) == (0, "timeout", {"do": "play", "card": "10S"})
    assert sorted(_hand(deal, 0)) == sorted(["QH", "JS", "7C"])


def test_an_away_six_taker_keeps_the_best_four_of_the_six_cards_drawn(make_table, players, monkeypatch):
    table = make_table()
    use_deck(monkeypatch, table=table)
    sit_all(table, players)
    deal = start_deal(table)
    bids = {**BIDS, 2: [{"do": "pass"}, {"do": "six"}]}
    play_scripted(deal, until=lambda view: view["need"] == "discard", bids=bids)
    drawn = [*FIVE_DRAW, HELPER_DRAW[0]]
    assert _hand(deal, 2) == drawn
    table_away(session_id=table.pk, user=players[2])
    tables_tick(timezone.now() + timedelta(seconds=1))
    moved = _last(deal)
    assert moved.seat == 2 and moved.actor == "timeout" and moved.action["do"] == "discard"
    # Not the last two drawn (QD and the ace of clubs): the two lowest, 10D and JD (review 47).
    assert sorted(moved.action["cards"]) == ["10D", "JD"]
    assert _hand(deal, 2) == ["AS", "KD", "QD", "AC"]


def test_a_whole_deal_of_away_seats_follows_suit_with_the_lowest_card_every_time(
    make_table, players, monkeypatch
):
    """Every seat away after the bidding: each card the clock plays is the lowest the seat could
    legally play at that moment, and never a card it was not allowed to play."""
    table = make_table()
    use_deck(monkeypatch, table=table)
    sit_all(table, players)
    deal = start_deal(table)
    play_scripted(deal, until=lambda view: view["need"] == "play")
    for user in players:
        table_away(session_id=table.pk, user=user)
    order = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    plays = 0
    for _ in range(50):
        deal.refresh_from_db()
        if deal.is_over:
            break
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        legal = [a["card"] for a in observe(state, seat)["legal_actions"] if a["do"] == "play"]
        lowest = min(legal, key=lambda c: (order.index(c[:-1]), "SHDC".index(c[-1])))
        tables_tick(timezone.now() + timedelta(seconds=1))
        moved = _last(deal)
        assert (moved.seat, moved.actor, moved.action) == (seat, "timeout", {"do": "play", "card": lowest})
        plays += 1
    assert deal.is_over and plays == 12  # three players in the deal, four tricks


# --- 2. away two deals in a row -----------------------------------------------------------------------


def _finish(deal: Deal) -> Deal:
    """People move through ``table_act`` (as a basic bot would), away seats by the clock."""
    for _ in range(300):
        deal.refresh_from_db()
        if deal.is_over:
            return deal
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        holder = dealing.deal_players(deal)[seat]
        if holder.status == Seat.Status.AWAY:
            tables_tick(timezone.now())  # an away seat's deadline is its turn's start (no delay here)
            continue
        action = BasicBot(seed=deal.seq).choose(observe(state, seat))
        table_act(session_id=deal.session_id, user=holder.member.user, action=action, expected_seq=deal.seq)
    raise AssertionError("the deal did not end")


def test_a_player_away_two_deals_in_a_row_is_stood_up_after_the_second_with_his_chips_home(
    make_table, players, club, monkeypatch
):
    table = make_table()
    use_deck(monkeypatch, table=table)
    sit_all(table, players)
    ivan, dasha = players[3], players[2]
    deal1 = start_deal(table)
    table_away(session_id=table.pk, user=ivan)
    table_away(session_id=table.pk, user=dasha)
    _finish(deal1)
    seat = seat_of_user(table, ivan)
    assert seat.status == Seat.Status.AWAY and seat.away_deals == 1  # one deal away: still seated
    assert seat_of_user(table, dasha).away_deals == 1
    table_back(session_id=table.pk, user=dasha)  # Dasha comes back: her count starts again
    assert seat_of_user(table, dasha).away_deals == 0
    stack = seat_stack_balance(seat)
    assert stack > 0
    assert _wallet(club, ivan) == 800

    deal2 = start_deal(table)
    assert seat.pk not in deal2.players  # an away player sits new deals out
    assert seat_of_user(table, dasha).pk in deal2.players
    _finish(deal2)

    seat.refresh_from_db()
    assert seat.status == Seat.Status.LEFT and seat.left_at is not None
    assert seat_stack_balance(seat) == 0
    assert _wallet(club, ivan) == 800 + stack
    leave = Journal.objects.get(kind=Journal.Kind.LEAVE, idempotency_key=f"seat:{seat.pk}:leave")
    assert leave is not None
    # The others, Dasha included, still sit at the table.
    assert {
        s.member.user for s in Seat.objects.filter(session=table).exclude(status=Seat.Status.LEFT)
    } == set(players[:3])
    assert ledger_verify()[0] == []


# --- 5. the deal log in words, and presence ---------------------------------------------------------


def _log_lines(page: str) -> list[str]:
    block = page.split('id="deal-log"', 1)[1].split("</ol>", 1)[0]
    # A card in a line is an image named in words (review 33): its face is the text.
    lines = re.findall(r"<li>(.*?)</li>", block, re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", line)).strip() for line in lines]


def _seat_block(page: str, number: int) -> str:
    return page.split(f'id="seat-{number}"', 1)[1].split("</li>", 1)[0]


def test_the_table_frame_tells_the_deal_in_words_and_shows_who_is_connected_or_away(
    make_table, players, monkeypatch
):
    table = make_table()
    use_deck(monkeypatch, table=table)
    sit_all(table, players)
    deal = start_deal(table)
    play_scripted(deal, until=lambda view: view["need"] == "exchange")
    presence_join(session_id=table.pk, user=players[0])  # Vera has the table open
    presence_join(session_id=table.pk, user=players[2])  # so has Dasha
    table_away(session_id=table.pk, user=players[3])  # Ivan stepped away
    page = _client(players[2]).get(f"/tables/{table.pk}/").content.decode()
    lines = _log_lines(page)
    expected = [
        "Deal 1: Ivan deals.",
        "Trump card: 9♥.",
        "Vera declares “snore”.",
        "Gleb declares “help”.",
        "Dasha passes.",
        "Ivan passes.",
        "Dasha declares “five”.",
        "Ivan passes.",
        "Dasha discards 4.",
        "Dasha draws 5.",
    ]
    rest = iter(lines)
    assert all(line in rest for line in expected), lines  # each of them, in this order
    assert sum("antes 5." in line for line in lines) == 4, lines
    # Presence, as Dasha sees the others: Vera connected, Gleb not, Ivan away.
    vera, gleb, ivan = _seat_block(page, 1), _seat_block(page, 2), _seat_block(page, 4)
    assert "Vera" in vera and "not connected" not in vera and "away" not in vera
    assert "Gleb" in gleb and "not connected" in gleb
    assert "Ivan" in ivan and "badge away" in ivan
    # Ivan is back: no longer "away", and (no socket of his open) shown as not connected.
    table_back(session_id=table.pk, user=players[3])
    page = _client(players[1]).get(f"/tables/{table.pk}/").content.decode()
    assert "badge away" not in _seat_block(page, 4) and "not connected" in _seat_block(page, 4)


# --- 6. the club page lists its tables -----------------------------------------------------------------


def _table_item(page: str, table_id: int) -> str:
    items = re.findall(r"<li>(.*?)</li>", page.split('id="tables"', 1)[1], re.S)
    found = [item for item in items if f'href="/tables/{table_id}/"' in item]
    assert len(found) == 1, f"table {table_id} is listed {len(found)} times"
    return found[0]


def test_the_club_page_lists_its_tables_with_seats_taken_and_sit_down_or_watch(
    make_table, players, club, owner, monkeypatch
):
    half = make_table()
    full = make_table(seats=2)
    sit_all(half, players[:2])
    sit_all(full, players[2:])
    closed = make_table()
    closed.status = "finished"
    closed.save(update_fields=["status"])
    # Read by a member sitting at neither (review 140: a player's own table offers "Go to the table").
    page = _client(owner).get(f"/clubs/{club.slug}/").content.decode()
    item = _table_item(page, half.pk)
    assert "2 of 4 seats taken" in item
    assert f'href="/tables/{half.pk}/#seats"' in item and "Sit down" in item
    assert "Watch" in item
    item = _table_item(page, full.pk)
    assert "2 of 2 seats taken" in item
    assert "Sit down" not in item and "#seats" not in item
    assert "Watch" in item
    assert f'href="/tables/{closed.pk}/"' not in page.split('id="tables"', 1)[1]


@pytest.mark.parametrize("preset", ["classic"])
def test_a_seat_that_stood_up_frees_its_place_in_the_club_list(make_table, players, club, owner, preset):
    from games.services import table_leave

    table = make_table(preset)
    sit_all(table, players)
    client = _client(owner)  # not seated there: a player's own table offers no "Sit down" (review 140)
    assert "4 of 4 seats taken" in _table_item(client.get(f"/clubs/{club.slug}/").content.decode(), table.pk)
    table_leave(session_id=table.pk, user=players[3])
    item = _table_item(client.get(f"/clubs/{club.slug}/").content.decode(), table.pk)
    assert "3 of 4 seats taken" in item and "Sit down" in item
