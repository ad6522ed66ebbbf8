"""Review 115: a manager of one club sends every form and opens every page that carries an id with
the ids of another club's rows (memberships, invites, chips requests, reports, collusion flags,
tables, deals): nothing changes in the other club, and no answer names its people."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import AuditLog, Club, Membership
from games.models import CollusionFlag, Report
from games.services.reports import report_create
from ledger.models import ChipRequest
from ledger.services.adjustments import chips_request

from .conftest import play_deal_as_people, sit_all, start_deal


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_another_clubs_ids_change_and_tell_nothing(make_user, make_club, make_table, club, owner, players):
    for i, p in enumerate(players):
        p.display_name = f"Secretname{i}"
        p.save(update_fields=["display_name"])
    table = make_table(preset="classic", seats=4, turn_seconds=600)
    sit_all(table, players, buy_in=300)
    deal = play_deal_as_people(start_deal(table), players)
    report = report_create(deal_id=deal.pk, user=players[1], reason=Report.Reason.CHEATING, comment="x")
    member = Membership.objects.get(club=club, user=players[2])
    ask = chips_request(member=member, amount=50, note="please")
    invite = club_services.invite_create(club=club, actor=owner)
    flag = CollusionFlag.objects.create(
        club=club, first=member, second=Membership.objects.get(club=club, user=players[3]), score=0.9,
    )
    pending = make_user("secretpending", display_name="Secretname9")
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.APPROVAL)
    club.refresh_from_db()
    asked = club_services.membership_join(club=club, user=pending)

    other_owner = make_user("otherowner", display_name="Other")
    other = make_club(other_owner, "Other Club")
    client = _client(other_owner)
    before = (
        AuditLog.objects.filter(club=club).count(),
        list(Membership.objects.filter(club=club).values_list("pk", "status", "role").order_by("pk")),
        ChipRequest.objects.get(pk=ask.pk).status,
        Report.objects.get(pk=report.pk).status,
        CollusionFlag.objects.get(pk=flag.pk).status,
    )
    o = other.slug
    posts = []
    for pk in (member.pk, asked.pk):
        for action in ("approve", "refuse", "role", "hand-over", "ban", "unban", "suspend", "unsuspend"):
            posts.append((f"/clubs/{o}/members/{pk}/{action}/", {"confirm": "1", "role": "manager",
                                                                 "reason": "r", "days": "3"}))
            posts.append((f"/clubs/{club.slug}/members/{pk}/{action}/", {"confirm": "1", "role": "manager",
                                                                         "reason": "r", "days": "3"}))
    posts += [
        (f"/clubs/{o}/invites/{invite.pk}/revoke/", {}),
        (f"/clubs/{club.slug}/invites/{invite.pk}/revoke/", {}),
        (f"/clubs/{o}/chips/requests/{ask.pk}/grant/", {"amount": "50", "answer": "ok", "token": "ab" * 16}),
        (f"/clubs/{club.slug}/chips/requests/{ask.pk}/grant/", {"amount": "50", "token": "cd" * 16}),
        (f"/clubs/{o}/chips/requests/{ask.pk}/refuse/", {"answer": "no"}),
        (f"/clubs/{o}/collusion/{flag.pk}/dismiss/", {}),
        (f"/clubs/{club.slug}/collusion/{flag.pk}/dismiss/", {}),
        (f"/reports/{report.pk}/", {"outcome": "dismissed", "note": "n"}),
        (f"/deals/{deal.pk}/report/", {"reason": "cheating"}),
        (f"/clubs/{club.slug}/chips/grant/", {"member": str(member.pk), "amount": "5", "reason": "r",
                                              "token": "ef" * 16}),
        (f"/clubs/{o}/chips/grant/", {"member": str(member.pk), "amount": "5", "reason": "r",
                                     "token": "01" * 16}),
        (f"/tables/{table.pk}/standup/", {"position": "1", "reason": "r"}),
        (f"/tables/{table.pk}/bots/", {"do": "bot", "position": "1", "buy_in": "100"}),
        (f"/tables/{table.pk}/sit/", {"position": "1", "buy_in": "100"}),
        (f"/tables/{table.pk}/reserve/", {"position": "1"}),
        (f"/clubs/{club.slug}/settings/", {"name": "Taken over", "join_policy": "open"}),
        (f"/clubs/{club.slug}/tables/new/", {"title": "mine"}),
        (f"/clubs/{club.slug}/invites/", {"days_valid": "7", "max_uses": "5"}),
    ]
    gets = [
        f"/reports/{report.pk}/",
        f"/clubs/{club.slug}/reports/",
        f"/clubs/{club.slug}/collusion/",
        f"/tables/{table.pk}/",
        f"/tables/{table.pk}/ledger/",
        f"/tables/{table.pk}/export.json",
        f"/deals/{deal.pk}/",
        f"/deals/{deal.pk}/replay/",
        f"/deals/{deal.pk}/export.json",
        f"/fairness/?deal={deal.pk}",
        f"/clubs/{club.slug}/deals/",
        f"/clubs/{club.slug}/leaderboard/",
        f"/clubs/{club.slug}/players/{players[0].username}/",
        f"/clubs/{club.slug}/chips/",
        f"/clubs/{club.slug}/chips/statement.csv",
        f"/clubs/{o}/players/{players[0].username}/",
        f"/clubs/{o}/deals/?player={players[0].username}",
        f"/clubs/{o}/deals/?table={table.pk}",
        f"/admin/club/membership/{member.pk}/change/",
        f"/admin/ledger/chiprequest/{ask.pk}/change/",
        f"/admin/games/deal/{deal.pk}/change/",
        f"/admin/games/tablesession/{table.pk}/change/",
        "/admin/club/membership/?q=Secret",
        "/admin/club/auditlog/?q=Secret",
    ]
    told = {}
    for path, data in posts:
        response = client.post(path, data, follow=True)
        assert response.status_code < 500, path
        if b"Secretname" in response.content:
            told[("POST", path)] = response.status_code
    for path in gets:
        response = client.get(path, follow=True)
        assert response.status_code < 500, path
        body = b"".join(response) if getattr(response, "streaming", False) else response.content
        if b"Secretname" in body or b"secretpending" in body:
            told[("GET", path)] = response.status_code
    after = (
        AuditLog.objects.filter(club=club).count(),
        list(Membership.objects.filter(club=club).values_list("pk", "status", "role").order_by("pk")),
        ChipRequest.objects.get(pk=ask.pk).status,
        Report.objects.get(pk=report.pk).status,
        CollusionFlag.objects.get(pk=flag.pk).status,
    )
    assert after == before
    assert not told
