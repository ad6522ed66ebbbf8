"""Bans and suspensions take effect at the tables at once: sockets close with the reason, the deal in
progress finishes with default moves, the stack goes home, reconnecting is refused; bans and
suspensions end on time; managers stand players up."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import AuditLog, Membership
from games.models import Deal, DealAction, Seat
from games.services import TableError, dealing, table_sit, table_stand_up, tables_tick
from ledger.services import account_wallet, ledger_verify

from .conftest import sit_all, start_deal
from .sockets import connect, error_of, frames, is_error, refused

pytestmark = pytest.mark.django_db(transaction=True)


def _finish_with_clock(deal: Deal) -> Deal:
    """Let the clock run (a minute per tick) until the deal is over: everyone times out."""
    at = timezone.now()
    for _ in range(400):
        deal.refresh_from_db()
        if deal.is_over:
            return deal
        at += timedelta(seconds=60)
        tables_tick(at)
    raise AssertionError("the deal did not finish")


def _player_in(deal: Deal, index: int = 0):
    seat = dealing.deal_players(deal)[index]
    return seat, seat.member


@pytest.mark.parametrize("how", ["ban", "suspend"])
def test_a_ban_or_suspension_during_a_live_deal_closes_the_socket_and_sends_the_chips_home(
    how, make_table, players, owner, club
):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    seat, membership = _player_in(deal)
    user = membership.user
    wallet_before = account_wallet(membership=membership).balance
    until = timezone.now() + timedelta(days=3)

    async def scenario() -> tuple[list[str], int | None, tuple[bool, int | None]]:
        socket = await connect(user, table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        target = await sync_to_async(Membership.objects.get)(pk=membership.pk)
        if how == "ban":
            await sync_to_async(club_services.membership_ban)(
                membership=target, actor=owner, reason="marked cards", until=until
            )
        else:
            await sync_to_async(club_services.membership_suspend)(
                membership=target, actor=owner, reason="slow play", until=until
            )
        got: list[str] = []
        closed = None
        while not await socket.receive_nothing(timeout=1):
            output = await socket.receive_output(timeout=5)
            if output["type"] == "websocket.close":
                closed = output.get("code")
                break
            got.append(output.get("text") or "")
        again = await connect(user, table.pk)
        told = await refused(again)
        return got, closed, told

    got, closed, told = async_to_sync(scenario)()
    errors = [error_of(f) for f in got if is_error(f)]
    assert errors and errors[-1]["error"] == ("banned_until" if how == "ban" else "suspended")
    assert ("marked cards" if how == "ban" else "slow play") in errors[-1]["message"]
    if how == "suspend":
        assert "slow play" in errors[-1]["message"]
    assert closed == 4403
    assert told == (errors[-1]["error"], 4403)
    # His seat is played by default moves until the deal ends, then he is stood up, chips home.
    seat.refresh_from_db()
    assert seat.status == Seat.Status.AWAY and seat.leave_after_deal
    deal = _finish_with_clock(deal)
    seat.refresh_from_db()
    assert seat.status == Seat.Status.LEFT
    index = deal.players.index(seat.pk)
    assert account_wallet(membership=membership).balance == wallet_before + deal.outcome["stacks"][index]
    mine = DealAction.objects.filter(deal=deal, seat=index)
    assert mine.exists() and set(mine.values_list("actor", flat=True)) == {"timeout"}
    assert ledger_verify()[0] == []


def test_a_suspended_member_cannot_sit_or_open_a_table_and_is_told_why(make_table, players, owner, club):
    table = make_table()
    membership = Membership.objects.get(club=club, user=players[0])
    until = timezone.now() + timedelta(hours=5)
    club_services.membership_suspend(membership=membership, actor=owner, reason="rude chat", until=until)
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    assert refused.value.code == "suspended" and "rude chat" in refused.value.message
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/tables/{table.pk}/")
    assert page.status_code == 403 and "rude chat" in page.content.decode()
    club_page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert "suspended-notice" in club_page and "rude chat" in club_page


def test_bans_and_suspensions_end_on_time(players, owner, club):
    banned = Membership.objects.get(club=club, user=players[0])
    suspended = Membership.objects.get(club=club, user=players[1])
    now = timezone.now()
    club_services.membership_ban(membership=banned, actor=owner, reason="x", until=now + timedelta(days=2))
    club_services.membership_suspend(
        membership=suspended, actor=owner, reason="y", until=now + timedelta(days=1)
    )
    tables_tick(now + timedelta(hours=23))
    banned.refresh_from_db()
    suspended.refresh_from_db()
    assert banned.status == Membership.Status.BANNED and suspended.suspended_until is not None
    tables_tick(now + timedelta(days=1, minutes=1))
    suspended.refresh_from_db()
    assert suspended.suspended_until is None and suspended.status == Membership.Status.ACTIVE
    tables_tick(now + timedelta(days=2, minutes=1))
    banned.refresh_from_db()
    assert banned.status == Membership.Status.LEFT and banned.ban_until is None
    club_services.membership_join(club=club, user=players[0])  # he may come back
    actions = set(AuditLog.objects.filter(club=club).values_list("action", flat=True))
    assert {"membership.ban_expired", "membership.suspension_ended"} <= actions


@pytest.mark.parametrize("until", [timedelta(minutes=-1), timedelta(days=4000)])
def test_an_end_in_the_past_or_too_far_is_refused(players, owner, club, until):
    target = Membership.objects.get(club=club, user=players[0])
    with pytest.raises(club_services.ServiceError):
        club_services.membership_ban(membership=target, actor=owner, until=timezone.now() + until)
    with pytest.raises(club_services.ServiceError):
        club_services.membership_suspend(
            membership=target, actor=owner, reason="r", until=timezone.now() + until
        )
    target.refresh_from_db()
    assert target.status == Membership.Status.ACTIVE and not target.is_suspended


def test_a_manager_stands_a_player_up_with_a_reason(make_table, players, owner, club):
    table = make_table()
    sit_all(table, players)
    with pytest.raises(TableError) as refused:
        table_stand_up(session_id=table.pk, actor=players[1], position=0, reason="no")
    assert refused.value.code == "not_manager"
    with pytest.raises(TableError) as refused:
        table_stand_up(session_id=table.pk, actor=owner, position=0, reason="  ")
    assert refused.value.code == "reason_needed"
    assert table_stand_up(session_id=table.pk, actor=owner, position=0, reason="asleep") is True
    assert not Seat.objects.filter(session=table, position=0).exclude(status="left").exists()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    deal = start_deal(table)
    assert table_stand_up(session_id=table.pk, actor=owner, position=1, reason="slow") is False
    _finish_with_clock(deal)
    assert not Seat.objects.filter(session=table, position=1).exclude(status="left").exists()
    log = AuditLog.objects.filter(action="table.stood_up_by_manager")
    assert log.count() == 2 and {row.data["reason"] for row in log} == {"asleep", "slow"}


def test_admin_actions_ban_and_suspend_with_reason_and_end(players, owner, club):
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    target = Membership.objects.get(club=club, user=players[0])
    other = Membership.objects.get(club=club, user=players[1])
    response = client.post(
        "/admin/club/membership/",
        {
            "action": "suspend_selected",
            "_selected_action": [target.pk],
            "reason": "tilt",
            "until": (timezone.now() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
        },
    )
    assert response.status_code == 302
    target.refresh_from_db()
    assert target.is_suspended and target.suspend_reason == "tilt"
    client.post(
        "/admin/club/membership/",
        {
            "action": "ban_selected",
            "_selected_action": [other.pk],
            "reason": "cheat",
            "until": "not a date",
        },
    )
    other.refresh_from_db()
    assert other.status == Membership.Status.ACTIVE  # an unreadable end bans nobody
    client.post(
        "/admin/club/membership/",
        {
            "action": "ban_selected",
            "_selected_action": [other.pk],
            "reason": "cheat",
            "until": "",
        },
    )
    other.refresh_from_db()
    assert other.status == Membership.Status.BANNED and other.ban_until is None


def test_the_moderation_log_filters_by_manager_action_member_and_date_and_exports_csv(players, owner, club):
    target = Membership.objects.get(club=club, user=players[0])
    club_services.membership_suspend(
        membership=target, actor=owner, reason="=HYPERLINK(evil)", until=timezone.now() + timedelta(days=1)
    )
    club_services.membership_ban(membership=Membership.objects.get(club=club, user=players[1]), actor=owner)
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    base = "/admin/club/auditlog/"
    query = {"actor": owner.pk, "action": "membership.suspended", "target_user": players[0].pk}
    page = client.get(base, query)
    assert page.status_code == 200
    listed = page.content.decode().split('id="result_list"')[1].split("</table>")[0]
    assert "Suspended from the tables" in listed and "Banned from the club" not in listed
    export = client.get(base + "export.csv", {"action": "membership.suspended"})
    assert export.status_code == 200 and export["Content-Type"].startswith("text/csv")
    text = b"".join(export.streaming_content).decode()
    assert "Suspended from the tables" in text and "membership.suspended" not in text  # words, not codes
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    assert not any(cell.startswith(("=", "+", "-", "@")) for cell in cells)  # no formula a sheet would run
    assert "Banned from the club" not in text
    assert client.get(base + "export.csv", {"action": "%00"}).status_code in (200, 400)


def test_a_manager_stands_a_player_up_from_the_admin(make_table, players, owner, club):
    table = make_table()
    sit_all(table, players)
    seat = Seat.objects.get(session=table, position=2)
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    client.post(
        "/admin/games/seat/", {"action": "stand_up_selected", "_selected_action": [seat.pk], "reason": ""}
    )
    assert Seat.objects.get(pk=seat.pk).status != Seat.Status.LEFT  # a reason is needed
    client.post(
        "/admin/games/seat/",
        {"action": "stand_up_selected", "_selected_action": [seat.pk], "reason": "went home"},
    )
    assert Seat.objects.get(pk=seat.pk).status == Seat.Status.LEFT
    assert AuditLog.objects.filter(action="table.stood_up_by_manager", data__reason="went home").exists()
