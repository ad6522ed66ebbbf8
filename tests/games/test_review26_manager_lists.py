"""Review 26 (a club after a year): the reports list showed the first 200 reports and the collusion
list the first 100 flags, and anything past them was not shown at all. Both come a page at a time now,
with a status filter the pages keep, and the queries of a page do not grow with the rows."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games import views_reports
from games.models import CollusionFlag, Deal, Report

PAGE = 5
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _small_pages(monkeypatch) -> None:
    monkeypatch.setattr(views_reports, "REPORTS_PAGE", PAGE, raising=False)
    monkeypatch.setattr(views_reports, "FLAGS_PAGE", PAGE, raising=False)


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _members(club, make_user, count: int) -> list[Membership]:
    out = []
    for i in range(count):
        user = make_user(f"rv26m{i:03d}")
        club_services.membership_join(club=club, user=user)
        out.append(Membership.objects.get(club=club, user=user))
    return out


def _deal(table) -> Deal:
    number = Deal.objects.filter(session=table).count() + 1
    return Deal.objects.create(
        session=table,
        number=number,
        players=[],
        dealer=0,
        commitment="0" * 64,
        seed="0" * 64,
        state={},
        finished_at=timezone.now(),
    )


def _reports(table, members: list[Membership], count: int, status: str = "open") -> list[Report]:
    out = []
    for i in range(count):
        out.append(
            Report.objects.create(
                deal=_deal(table),
                reporter=members[i % len(members)],
                reason="bug",
                comment=f"note-{status}-{i:03d}",
                status=status,
            )
        )
    return out


def _walk(client: Client, url: str, params: dict, pattern: str) -> tuple[list[str], int]:
    seen: list[str] = []
    page = 1
    while True:
        html = client.get(url, {**params, "page": page}).content.decode()
        rows = re.findall(pattern, html)
        assert 0 < len(rows) <= PAGE, (page, rows)
        seen += rows
        if f"page={page + 1}" not in html:
            return seen, page
        if params.get("status"):
            assert f"status={params['status']}&amp;page={page + 1}" in html  # the filter stays
        page += 1
        assert page < 50


def test_every_report_is_on_some_page(make_table, club, owner, make_user):
    members = _members(club, make_user, 4)
    table = make_table()
    _reports(table, members, 13, "open")
    _reports(table, members, 4, "resolved")
    client = _client(owner)
    url = f"/clubs/{club.slug}/reports/"
    seen, pages = _walk(client, url, {}, r"note-(?:open|resolved)-\d{3}")
    assert pages == 4 and len(seen) == 17 == len(set(seen))
    seen, pages = _walk(client, url, {"status": "resolved"}, r"note-(?:open|resolved)-\d{3}")
    assert pages == 1 and sorted(seen) == [f"note-resolved-{i:03d}" for i in range(4)]
    seen, pages = _walk(client, url, {"status": "open"}, r"note-(?:open|resolved)-\d{3}")
    assert pages == 3 and len(seen) == 13 and all("open" in s for s in seen)
    first = re.findall(r"note-\w+-\d{3}", client.get(url).content.decode())
    for odd in ("0", "-1", "x", "9" * 30, "１", "2.5", ""):
        assert re.findall(r"note-\w+-\d{3}", client.get(url, {"page": odd}).content.decode()) == first
    assert client.get(url, {"page": "2\x00"}).status_code == 400
    past = client.get(url, {"page": 40, "status": "open"}).content.decode()
    assert "note-" not in past and "status=open&amp;page=1" in past
    # An unknown status lists every report.
    assert re.findall(r"note-\w+-\d{3}", client.get(url, {"status": "nope"}).content.decode()) == first


def test_every_flag_is_on_some_page(club, owner, make_user):
    members = _members(club, make_user, 6)
    pairs = [(a, b) for i, a in enumerate(members) for b in members[i + 1 :]]  # 15 pairs
    for n, (a, b) in enumerate(pairs):
        CollusionFlag.objects.create(
            club=club,
            first=a,
            second=b,
            score=100 - n,
            deals=[],
            deal_count=n,
            status="dismissed" if n % 5 == 0 else "open",
        )
    client = _client(owner)
    url = f"/clubs/{club.slug}/collusion/"

    seen, pages = _walk(client, url, {}, r'<td class="num">(\d+)\.0</td>')
    assert pages == 3 and sorted(int(s) for s in seen) == list(range(86, 101))
    seen, pages = _walk(client, url, {"status": "dismissed"}, r'<td class="num">(\d+)\.0</td>')
    assert pages == 1 and sorted(int(s) for s in seen) == [90, 95, 100]


def _queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_a_page_reads_the_same_queries_however_many_rows(make_table, club, owner, make_user):
    members = _members(club, make_user, 5)
    table = make_table()
    client = _client(owner)
    reports, flags = f"/clubs/{club.slug}/reports/?page=2", f"/clubs/{club.slug}/collusion/?page=2"
    _reports(table, members, 12)
    for a, b in [(members[0], m) for m in members[1:]] + [(members[1], m) for m in members[2:]]:
        CollusionFlag.objects.create(club=club, first=a, second=b, score=1, deals=[1, 2], deal_count=2)
    before = (_queries(client, reports), _queries(client, flags))
    _reports(table, members, 40)
    more = _members(club, make_user, 0)
    for a, b in [(members[2], m) for m in members[3:]] + [(members[3], members[4])]:
        CollusionFlag.objects.create(club=club, first=a, second=b, score=1, deals=[3], deal_count=1)
    assert more == []
    assert (_queries(client, reports), _queries(client, flags)) == before


def test_deciding_a_flag_comes_back_to_its_page(club, owner, make_user):
    members = _members(club, make_user, 5)
    pairs = [(a, b) for i, a in enumerate(members) for b in members[i + 1 :]]  # 10 pairs
    flags = [
        CollusionFlag.objects.create(club=club, first=a, second=b, score=100 - n, deals=[], deal_count=1)
        for n, (a, b) in enumerate(pairs)
    ]
    client = _client(owner)
    url = f"/clubs/{club.slug}/collusion/"
    second = client.get(url, {"status": "open", "page": 2}).content.decode()
    assert f"/collusion/{flags[PAGE].pk}/dismiss/" in second
    assert 'name="page" value="2"' in second and 'name="status" value="open"' in second
    answer = client.post(f"{url}{flags[PAGE].pk}/dismiss/", {"page": "2", "status": "open"})
    assert answer.status_code == 302 and answer["Location"] == f"{url}?status=open&page=2#flags"
    # Odd values come back to the first page of every flag.
    answer = client.post(f"{url}{flags[PAGE + 1].pk}/report/", {"page": "x\u0661", "status": "<b>"})
    assert answer.status_code == 302 and answer["Location"] == f"{url}#flags"
