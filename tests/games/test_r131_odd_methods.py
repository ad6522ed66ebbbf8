"""Review 131: every page and form address of a club with a live deal, asked by a visitor, a stranger,
a player and the owner with the methods a form never uses (OPTIONS, PUT, PATCH, DELETE, HEAD) and with
htmx's headers (a part, a history restore): no server error, nothing changes (a form's action runs
on a POST only), and the running deal's page, replay and file stay closed to everyone, its players
too. Checked for review 131: no fault found."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import AuditLog, Invite, Membership
from games.models import Report, Seat
from games.services.reports import report_create
from ledger.models import Journal

from .conftest import play_deal_as_people, sit_all, start_deal

ODD = ("options", "put", "patch", "delete", "head")
HTMX = (
    {},
    {"HTTP_HX_REQUEST": "true"},
    {"HTTP_HX_REQUEST": "true", "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"},
)


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _books(club, table, live):
    live.refresh_from_db()
    return (
        live.seq,
        AuditLog.objects.filter(club=club).count(),
        Journal.objects.count(),
        sorted(Membership.objects.filter(club=club).values_list("pk", "status", "role")),
        sorted(
            Seat.objects.filter(session=table).values_list("pk", "status", "away_deals", "leave_after_deal")
        ),
        sorted(Invite.objects.filter(club=club).values_list("pk", "uses", "revoked")),
        Report.objects.count(),
    )


@pytest.mark.django_db
def test_odd_methods_and_htmx_headers_change_nothing_and_never_fail(
    make_user, make_table, club, owner, players
):
    table = make_table(preset="classic", seats=4, turn_seconds=600)
    sit_all(table, players, buy_in=300)
    deal = play_deal_as_people(start_deal(table), players)
    live = start_deal(table)
    report = report_create(deal_id=deal.pk, user=players[1], reason=Report.Reason.CHEATING, comment="x")
    invite = club_services.invite_create(club=club, actor=owner)
    s = club.slug
    pages = [
        "/",
        f"/clubs/{s}/",
        f"/clubs/{s}/deals/",
        f"/clubs/{s}/deals/?page=2",
        f"/clubs/{s}/leaderboard/",
        f"/clubs/{s}/players/{players[0].username}/",
        f"/clubs/{s}/chips/",
        f"/clubs/{s}/chips/?before=1",
        f"/clubs/{s}/chips/statement.csv",
        f"/tables/{table.pk}/",
        f"/tables/{table.pk}/ledger/",
        f"/tables/{table.pk}/export.json",
        f"/deals/{deal.pk}/",
        f"/deals/{deal.pk}/replay/?step=3",
        f"/deals/{deal.pk}/export.json",
        f"/fairness/?deal={live.pk}",
        f"/reports/{report.pk}/",
        f"/clubs/{s}/reports/",
        f"/clubs/{s}/collusion/",
        f"/invite/{invite.code}/",
        f"/clubs/{s}/settings/",
        f"/clubs/{s}/leave/",
        f"/clubs/{s}/tables/new/",
        "/accounts/profile/",
        "/accounts/logout/",
    ]
    forms = [
        f"/tables/{table.pk}/{action}/"
        for action in ("act", "sit", "leave", "away", "back", "bots", "standup", "reserve", "unreserve")
    ]
    forms += [
        f"/clubs/{s}/{action}/"
        for action in ("join", "leave", "invites", "chips/grant", "chips/ask", "tables/practice", "settings")
    ]
    forms += [
        f"/deals/{deal.pk}/report/",
        f"/invite/{invite.code}/",
        f"/reports/{report.pk}/",
        f"/clubs/{s}/invites/{invite.pk}/revoke/",
        "/accounts/logout/",
        "/i18n/setlang/",
    ]
    member = Membership.objects.get(club=club, user=players[2])
    forms += [f"/clubs/{s}/members/{member.pk}/{action}/" for action in ("ban", "suspend", "role")]
    running = [f"/deals/{live.pk}/", f"/deals/{live.pk}/replay/", f"/deals/{live.pk}/export.json"]
    before = _books(club, table, live)
    stranger = make_user("r131stranger")
    for who in (None, stranger, players[0], owner):
        client = _client(who)
        for path in pages:
            for method, headers in [*(("get", h) for h in HTMX), *((m, {}) for m in ODD)]:
                response = getattr(client, method)(path, **headers)
                assert response.status_code < 500, (who, method, path, headers, response.status_code)
        for path in forms:
            for method in ODD:
                body = (
                    {}
                    if method == "head"
                    else {"data": "position=1&confirm=1", "content_type": "application/x-www-form-urlencoded"}
                )
                response = getattr(client, method)(path, **body)
                assert response.status_code < 500, (who, method, path, response.status_code)
        for path in running:
            for headers in HTMX:
                response = client.get(path, **headers)
                # The running deal is nobody's to read yet: a visitor is sent to log in (htmx by its
                # own redirect), the others read a 404.
                where = response.get("HX-Redirect", response.get("Location", ""))
                shut = where.startswith("/accounts/login/") if who is None else response.status_code == 404
                assert shut, (who, path, response.status_code)
    assert _books(club, table, live) == before
