"""Gaps of moderation: the club page's suspend and unsuspend forms, the table page's stand-up form and
the socket's stand-up message by a manager, and the moderation log filtered by date in the admin."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import AuditLog, Membership
from games.models import Deal, Seat
from games.services import TableError, table_sit, tables_tick
from ledger.services import account_wallet

from .conftest import sit_all, start_deal
from .sockets import connect, error_of, frames, is_error


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _member_item(page: str, user) -> str:
    people = page.split('id="people"', 1)[1]
    items = [item for item in re.findall(r"<li[^>]*>(.*?)</li>", people, re.S) if user.shown_name in item]
    assert items, f"{user.username} is not listed"
    return items[0]


def test_a_manager_suspends_and_unsuspends_a_member_from_the_club_page(make_table, players, owner, club):
    table = make_table()
    target = Membership.objects.get(club=club, user=players[0])
    manager, member = _client(owner), _client(players[1])
    url = f"/clubs/{club.slug}/members/{target.pk}"
    until = (timezone.localtime() + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    page = manager.get(f"/clubs/{club.slug}/").content.decode()
    assert f'action="{url}/suspend/"' in _member_item(page, players[0])
    assert f'action="{url}/suspend/"' not in member.get(f"/clubs/{club.slug}/").content.decode()

    # A plain member cannot; a manager without an end is told what is missing.
    member.post(f"{url}/suspend/", {"reason": "tilt", "until": until})
    target.refresh_from_db()
    assert not target.is_suspended
    response = manager.post(f"{url}/suspend/", {"reason": "tilt", "until": ""}, follow=True)
    target.refresh_from_db()
    assert not target.is_suspended and "Until" in response.content.decode()

    response = manager.post(f"{url}/suspend/", {"reason": "tilt", "until": until}, follow=True)
    assert response.redirect_chain[-1][0].endswith("#people")
    target.refresh_from_db()
    assert target.is_suspended and target.suspend_reason == "tilt"
    assert f"{players[0].shown_name} is suspended from the tables." in response.content.decode()
    item = _member_item(response.content.decode(), players[0])
    assert "suspended from tables until" in item and f'action="{url}/unsuspend/"' in item
    own = _client(players[0]).get(f"/clubs/{club.slug}/").content.decode()
    assert 'id="suspended-notice"' in own and "Reason given by the club's managers: tilt" in own
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    assert refused.value.code == "suspended"
    assert AuditLog.objects.filter(action="membership.suspended", target_user=players[0]).count() == 1

    member.post(f"{url}/unsuspend/")  # not his to lift
    target.refresh_from_db()
    assert target.is_suspended
    response = manager.post(f"{url}/unsuspend/", follow=True)
    target.refresh_from_db()
    assert not target.is_suspended
    assert f"{players[0].shown_name} may play at the tables again." in response.content.decode()
    assert 'id="suspended-notice"' not in _client(players[0]).get(f"/clubs/{club.slug}/").content.decode()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    assert Seat.objects.filter(session=table, member=target).exclude(status=Seat.Status.LEFT).exists()


def test_the_table_pages_stand_up_form_is_a_managers_and_stands_the_player_up(
    make_table, players, owner, club
):
    table = make_table()
    sit_all(table, players)
    form = f'action="/tables/{table.pk}/standup/"'
    assert form in _client(owner).get(f"/tables/{table.pk}/").content.decode()
    assert form not in _client(players[0]).get(f"/tables/{table.pk}/").content.decode()
    wallet = account_wallet(membership=Membership.objects.get(club=club, user=players[2]))

    response = _client(players[0]).post(
        f"/tables/{table.pk}/standup/", {"do": "standup", "position": "3", "reason": "mine"}, follow=True
    )
    assert "Only the club&#x27;s managers can do this." in response.content.decode()
    assert Seat.objects.get(session=table, position=2).status == Seat.Status.SITTING
    _client(owner).post(f"/tables/{table.pk}/standup/", {"do": "standup", "position": "3", "reason": ""})
    assert Seat.objects.get(session=table, position=2).status == Seat.Status.SITTING  # a reason is needed

    _client(owner).post(
        f"/tables/{table.pk}/standup/", {"do": "standup", "position": "3", "reason": "fell asleep"}
    )
    seat = Seat.objects.get(session=table, position=2)
    assert seat.status == Seat.Status.LEFT
    assert account_wallet(membership=seat.member).balance == wallet.balance + 200 == 1000
    log = AuditLog.objects.get(action="table.stood_up_by_manager")
    assert log.data["reason"] == "fell asleep" and log.target_user == players[2] and log.actor == owner


@pytest.mark.django_db(transaction=True)
def test_a_managers_socket_stands_a_player_up_after_the_deal_he_plays(make_table, players, owner, club):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)

    async def scenario() -> tuple[list[str], list[str]]:
        member = await connect(players[1], table.pk)
        assert (await member.connect(timeout=5))[0]
        await frames(member)
        await member.send_json_to({"do": "standup", "position": 3, "reason": "mine"})
        refused = await frames(member, timeout=10)
        manager = await connect(owner, table.pk)
        assert (await manager.connect(timeout=5))[0]
        await frames(manager)
        await manager.send_json_to({"do": "standup", "position": 3, "reason": "fell asleep"})
        got = await frames(manager, timeout=10)
        await manager.send_json_to({"do": "standup", "position": 3, "reason": "again"})
        twice = await frames(manager, timeout=10)
        await member.disconnect()
        await manager.disconnect()
        return refused, got + twice

    refused, got = async_to_sync(scenario)()
    assert error_of(refused[-1])["error"] == "not_manager"
    errors = [error_of(f)["error"] for f in got if is_error(f)]
    assert errors == ["already_leaving"]  # the first was applied, the second said once
    assert any("leaves after this deal" in f for f in got if not is_error(f))
    seat = Seat.objects.get(session=table, position=2)
    assert seat.leave_after_deal and seat.status == Seat.Status.AWAY  # his deal goes on, by default moves
    at = timezone.now()
    for _ in range(400):
        deal.refresh_from_db()
        if deal.is_over:
            break
        at += timedelta(seconds=60)
        tables_tick(at)
    assert deal.is_over
    seat.refresh_from_db()
    assert seat.status == Seat.Status.LEFT
    assert (
        AuditLog.objects.filter(action="table.stood_up_by_manager", data__reason="fell asleep").count() == 1
    )
    assert Deal.objects.filter(session=table).count() >= 1


def test_the_moderation_log_is_filtered_by_date_in_the_admin(players, owner, club):
    old = Membership.objects.get(club=club, user=players[0])
    recent = Membership.objects.get(club=club, user=players[1])
    club_services.membership_ban(membership=old, actor=owner, reason="long ago")
    AuditLog.objects.filter(action="membership.banned", target_user=players[0]).update(
        created_at=timezone.now() - timedelta(days=20)
    )
    club_services.membership_ban(membership=recent, actor=owner, reason="this week")
    client = _client(owner)
    base = "/admin/club/auditlog/"
    today = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)  # as the filter's links
    week = {
        "action": "membership.banned",
        "created_at__gte": str(today - timedelta(days=7)),
        "created_at__lt": str(today + timedelta(days=1)),
    }
    page = client.get(base, week)
    assert page.status_code == 200
    listed = page.content.decode().split('id="result_list"')[1].split("</table>")[0]
    assert players[1].username in listed and players[0].username not in listed
    older = {"action": "membership.banned", "created_at__lt": str(today - timedelta(days=7))}
    listed = client.get(base, older).content.decode().split('id="result_list"')[1].split("</table>")[0]
    assert players[0].username in listed and players[1].username not in listed
    everything = client.get(base, {"action": "membership.banned"}).content.decode()
    assert "Past 7 days" in everything  # the date filter is offered
    export = b"".join(client.get(base + "export.csv", week).streaming_content).decode()
    assert "this week" in export and "long ago" not in export
