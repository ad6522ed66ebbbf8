"""Review 119: a player seated but not dealt into the running deal (he sat down while the bank held
chips and waits for an empty one) had to wait for the deal's end before "Leave the table" worked for
him, though he had no cards and no chips at stake in it: his leave was put off as a dealt player's is.
He leaves at once now, his stack cashed out through the ledger as any leave; a dealt player's leave
still waits for the deal's end. A manager's stand-up, a bot's and the inactivity sweep's of such a
seat are at once too."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.broadcast import table_messages, user_group, watch_group
from games.jobs_inactivity import table_idle_stand_up
from games.models import Seat
from games.selectors import table_frame_for
from games.services import (
    dealing,
    table_bot_add,
    table_bot_remove,
    table_leave,
    table_sit,
    table_stand_up,
)
from games.services.presence import presence_join
from ledger.services import (
    account_wallet,
    chips_grant,
    ledger_verify,
)

from .conftest import play_deal_as_people, sit_all, start_deal
from .test_review_replay import _everybody_passes

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_time_zone():
    yield
    timezone.deactivate()


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _fifth(make_user, club, owner):
    fifth = make_user("fifth119", display_name="Fedya")
    club_services.membership_join(club=club, user=fifth)
    membership = Membership.objects.get(club=club, user=fifth)
    chips_grant(membership=membership, amount=1000, actor=owner, reason="start")
    return fifth


def _a_deal_he_sits_out(make_table, players, make_user, club, owner):
    """Four players' deal voided (its antes stay in the bank), then a fifth sits down: the next deal is
    made for him too (``Deal.players``) but deals him no cards."""
    fifth = _fifth(make_user, club, owner)
    table = make_table(preset="frap", seats=5, turn_seconds=600)
    sit_all(table, players)
    assert _everybody_passes(table, start_deal(table)).result == "redeal"
    table_sit(session_id=table.pk, user=fifth, position=4, buy_in=200)
    deal = start_deal(table)
    seat = Seat.objects.get(session=table, member__user=fifth)
    assert seat.pk in deal.players
    assert deal.players.index(seat.pk) not in dealing.deal_state(deal).setup.dealt
    return table, deal, fifth


def _wallet(club, user) -> int:
    return account_wallet(membership=Membership.objects.get(club=club, user=user)).balance


def test_a_player_sitting_the_deal_out_leaves_at_once(make_table, players, make_user, club, owner):
    table, deal, fifth = _a_deal_he_sits_out(make_table, players, make_user, club, owner)
    response = _client(fifth).post(f"/tables/{table.pk}/leave/")
    said = [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]
    assert said == [("success", "You left the table; your chips are back in your wallet.")], said
    seat = Seat.objects.get(session=table, member__user=fifth)
    assert seat.status == Seat.Status.LEFT and not seat.leave_after_deal
    assert _wallet(club, fifth) == 1000
    assert ledger_verify()[0] == []
    # The deal goes on without him and ends as it would have; nothing is booked for him at its end.
    deal = play_deal_as_people(deal, [*players, fifth])
    assert deal.is_over
    assert _wallet(club, fifth) == 1000
    assert ledger_verify()[0] == []
    # The next deal is dealt to the four who sit there.
    nxt = start_deal(table)
    assert fifth not in {s.member.user for s in dealing.deal_players(nxt)}


def test_a_dealt_player_still_leaves_when_the_deal_ends(make_table, players, make_user, club, owner):
    table, _deal, _fifth_user = _a_deal_he_sits_out(make_table, players, make_user, club, owner)
    assert table_leave(session_id=table.pk, user=players[0]) is False
    assert Seat.objects.get(session=table, member__user=players[0]).status != Seat.Status.LEFT


def test_a_manager_stands_a_seat_sitting_the_deal_out_up_at_once(make_table, players, make_user, club, owner):
    table, _deal, fifth = _a_deal_he_sits_out(make_table, players, make_user, club, owner)
    assert table_stand_up(session_id=table.pk, actor=owner, position=4, reason="asleep") is True
    seat = Seat.objects.get(session=table, member__user=fifth)
    assert seat.status == Seat.Status.LEFT and seat.left_because == Seat.LeftBecause.MANAGER
    assert _wallet(club, fifth) == 1000
    assert ledger_verify()[0] == []


def test_a_bot_sitting_the_deal_out_is_stood_up_at_once(make_table, players, club, owner):
    table = make_table(preset="frap", seats=5, turn_seconds=600)
    sit_all(table, players)
    assert _everybody_passes(table, start_deal(table)).result == "redeal"
    table_bot_add(session_id=table.pk, actor=owner, position=4, buy_in=200)
    deal = start_deal(table)
    bot = Seat.objects.get(session=table, position=4, status=Seat.Status.SITTING)
    assert deal.players.index(bot.pk) not in dealing.deal_state(deal).setup.dealt
    assert table_bot_remove(session_id=table.pk, actor=owner, position=4) is True
    bot.refresh_from_db()
    assert bot.status == Seat.Status.LEFT
    assert ledger_verify()[0] == []


def test_the_inactivity_sweep_stands_a_seat_sitting_the_deal_out_up_at_once(
    make_table, players, make_user, club, owner
):
    """Nobody attends the table: the seats out of the running deal are stood up at once, as those of a
    table with no deal; only the dealt ones wait for its end."""
    table, deal, fifth = _a_deal_he_sits_out(make_table, players, make_user, club, owner)
    assert table_idle_stand_up(session_id=table.pk, now=timezone.now() + timedelta(hours=1)) is True
    seat = Seat.objects.get(session=table, member__user=fifth)
    assert seat.status == Seat.Status.LEFT and seat.left_because == Seat.LeftBecause.IDLE
    assert _wallet(club, fifth) == 1000
    dealt = Seat.objects.filter(pk__in=deal.players).exclude(pk=seat.pk)
    assert all(s.leave_after_deal and s.status != Seat.Status.LEFT for s in dealt)
    assert ledger_verify()[0] == []


def test_after_leaving_he_watches_the_deal_as_anyone(make_table, players, make_user, club, owner):
    """His old seat's view showed him an empty "Your cards" under "You are watching"."""
    table, _deal, fifth = _a_deal_he_sits_out(make_table, players, make_user, club, owner)
    assert table_frame_for(session=table, user=fifth).user_seat is not None  # seated, sitting it out
    assert table_leave(session_id=table.pk, user=fifth) is True
    assert table_frame_for(session=table, user=fifth).user_seat is None
    presence_join(session_id=table.pk, user=fifth)  # his page is open
    messages = table_messages(table.pk)
    assert user_group(table.pk, fifth.pk) not in [group for group, _message in messages]
    watch = next(message for group, message in messages if group == watch_group(table.pk))
    assert fifth.pk not in watch["viewers"]
    page = _client(fifth).get(f"/tables/{table.pk}/").content.decode()
    assert 'aria-label="Your cards"' not in page
    assert "You are watching." in page
    # The deal's players still see their own cards.
    assert table_frame_for(session=table, user=players[0]).user_seat is not None


def test_a_member_banned_while_sitting_the_deal_out_goes_at_once(make_table, players, make_user, club, owner):
    table, _deal, fifth = _a_deal_he_sits_out(make_table, players, make_user, club, owner)
    club_services.membership_ban(
        membership=Membership.objects.get(club=club, user=fifth), actor=owner, reason="cheating"
    )
    seat = Seat.objects.get(session=table, member__user=fifth)
    assert seat.status == Seat.Status.LEFT and seat.left_because == Seat.LeftBecause.CLUB
    assert not seat.removed
    assert _wallet(club, fifth) == 1000
    assert ledger_verify()[0] == []
