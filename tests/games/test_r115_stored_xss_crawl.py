"""Review 115: every text a person types (display names, a club's name and description, a table's
title, stand-up, ban and suspension reasons, chips reasons, request notes and answers, report
comments and notes, randomness strings) holds markup, and every page that shows it prints it
escaped (the admin's pages: tests/club/test_admin_every_changelist.py and review 49's)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import Club, Membership, User
from games.models import Report, TableSession
from games.services import table_stand_up
from games.services.fairness import seed_contribute
from games.services.reports import report_create
from ledger.services.adjustments import chips_request
from ledger.services.operations import chips_grant

from .conftest import play_deal_as_people, sit_all, start_deal

MARK = '<b class=xss id="x{}">'
RAW = re.compile(r'<b class=xss id="x\w+">')
#: The same mark printed escaped: which texts the crawl saw at all.
ESCAPED = re.compile(r'&lt;b class=xss id=(?:&quot;|&#x27;|&#34;)x(\w+)')
SEEN: set[str] = set()
MID_DEAL: list[str] = []


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _marked(name: str) -> str:
    return f"{name}{MARK.format(name)}"


@pytest.fixture
def marked_site(make_user, make_table, club, owner, players):
    User.objects.filter(pk__in=[p.pk for p in players]).update(display_name="")
    for i, p in enumerate(players):
        p.display_name = _marked(f"dn{i}")
        p.save(update_fields=["display_name"])
    Club.objects.filter(pk=club.pk).update(name=_marked("cn"), description=_marked("cd"))
    club.refresh_from_db()
    table = make_table(preset="classic", seats=4, turn_seconds=600)
    TableSession.objects.filter(pk=table.pk).update(title=_marked("tt"))
    sit_all(table, players, buy_in=300)
    seed_contribute(session_id=table.pk, user=players[0], value=_marked("rs")[:64])
    # Every move's frames as the players and a watcher read them, while the deal runs.
    readers = [_client(user) for user in (*players, owner)]

    def frames() -> None:
        for client in readers:
            MID_DEAL.extend(_raw_in(client, f"/tables/{table.pk}/"))

    deal = play_deal_as_people(start_deal(table), players, after_each=frames)
    report_create(deal_id=deal.pk, user=players[1], reason=Report.Reason.CHEATING, comment=_marked("rc"))
    table_stand_up(session_id=table.pk, actor=owner, position=3, reason=_marked("sr"))
    member = Membership.objects.get(club=club, user=players[2])
    chips_grant(membership=member, amount=5, actor=owner, reason=_marked("gr"))
    chips_request(member=member, amount=50, note=_marked("rn"))
    club_services.membership_suspend(
        membership=Membership.objects.get(club=club, user=players[1]),
        actor=owner, reason=_marked("su"), until=timezone.now() + timedelta(days=3),
    )
    stranger = make_user("xss_stranger", display_name=_marked("pd"))
    club_services.membership_join(club=club, user=stranger)
    club_services.membership_ban(
        membership=Membership.objects.get(club=club, user=stranger), actor=owner, reason=_marked("br")
    )
    return {"club": club, "table": table, "deal": deal, "players": players}


def _pages(site) -> list[str]:
    club, table, deal, players = site["club"], site["table"], site["deal"], site["players"]
    slug = club.slug
    report = Report.objects.get(deal=deal)
    return [
        "/",
        f"/clubs/{slug}/",
        f"/clubs/{slug}/?people=1",
        f"/clubs/{slug}/settings/",
        f"/clubs/{slug}/chips/",
        f"/clubs/{slug}/deals/",
        f"/clubs/{slug}/reports/",
        f"/reports/{report.pk}/",
        f"/clubs/{slug}/collusion/",
        f"/clubs/{slug}/leaderboard/",
        f"/clubs/{slug}/players/{players[0].username}/",
        f"/tables/{table.pk}/",
        f"/tables/{table.pk}/ledger/",
        f"/deals/{deal.pk}/",
        f"/deals/{deal.pk}/replay/",
        f"/deals/{deal.pk}/replay/?step=3",
        f"/deals/{deal.pk}/report/",
        f"/fairness/?deal={deal.pk}",
        "/accounts/profile/",
    ]


def _raw_in(client: Client, path: str) -> list[str]:
    response = client.get(path)
    assert response.status_code < 500, path
    if response.status_code != 200 or getattr(response, "streaming", False):
        return []
    text = response.content.decode()
    SEEN.update(ESCAPED.findall(text))
    return RAW.findall(text)


@pytest.mark.django_db(transaction=False)
def test_no_page_prints_a_typed_text_as_markup(marked_site, owner):
    assert not MID_DEAL
    found = {}
    readers = [owner, *marked_site["players"][:3]]
    for reader in readers:
        client = _client(reader)
        for path in _pages(marked_site):
            raw = _raw_in(client, path)
            if raw:
                found[(reader.username, path)] = raw
    assert not found
    # Each text was seen somewhere (escaped), so the crawl did read it.
    assert {"dn0", "dn1", "dn2", "cn", "cd", "tt", "rc", "sr", "gr", "rn", "su", "pd", "br"} <= SEEN, SEEN


#: What a page reads from its address: each given markup, on every page.
ASKED = (
    "before", "clubs", "deal", "next", "page", "player", "preset", "q", "result", "step", "table",
    "upto", "status", "order", "sort", "people", "invites", "e",
)


def test_no_page_prints_its_address_as_markup(marked_site, owner, make_user):
    from urllib.parse import urlencode

    from club.services import invite_create

    invite = invite_create(club=marked_site["club"], actor=owner)
    query = urlencode({name: MARK.format(name) for name in ASKED})
    found = {}
    outsider = make_user("xss_outsider", display_name="Out")
    for reader in (owner, marked_site["players"][0], outsider, None):
        client = _client(reader) if reader else Client()
        for path in [
            *_pages(marked_site),
            f"/invite/{invite.code}/",
            "/accounts/login/",
            "/accounts/register/",
            "/accounts/logout/",
            "/accounts/password/reset/",
            "/admin/login/",
            "/admin/club/club/",
            "/admin/club/auditlog/",
            "/admin/ledger/entry/",
            "/rules/",
            "/rules/classic/",
        ]:
            raw = _raw_in(client, f"{path}{'&' if '?' in path else '?'}{query}")
            if raw:
                found[(getattr(reader, "username", None), path)] = raw
    assert not found
