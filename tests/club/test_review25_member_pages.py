"""Review 25 (a club after a year): the club page listed every active member, each row with a
manager's forms, and every request to join and every ban. With 500 members a manager's club page
was some 900 KB and half a second. The members come a page at a time (the page's queries do not grow
with the club), a manager's action answers with the page it was sent from, and requests to join and
bans show their first page with a link to the rest in the admin."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from club import services, views
from club.models import Membership

PAGE = 5


@pytest.fixture(autouse=True)
def _small_pages(monkeypatch) -> None:
    monkeypatch.setattr(views, "MEMBERS_PAGE", PAGE)


def _join(club, make_user, prefix: str, count: int) -> list:
    people = []
    for i in range(count):
        user = make_user(f"{prefix}{i:03d}")
        services.membership_join(club=club, user=user)
        people.append(user)
    return people


def _listed(html: str) -> list[str]:
    section = html.split('id="member-list"', 1)[1].split("</ul>", 1)[0]
    return re.findall(r"@([\w.+-]+)</span>", section)


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_members_come_a_page_at_a_time(make_user, make_club, owner):
    club = make_club(owner, "Big Club")
    people = _join(club, make_user, "pl", 12)
    client = _client(people[0])
    seen: list[str] = []
    page = 1
    while True:
        html = client.get(f"/clubs/{club.slug}/?people={page}").content.decode()
        rows = _listed(html)
        assert 0 < len(rows) <= PAGE
        seen += rows
        if f"?people={page + 1}#people" not in html:
            break
        page += 1
    assert page == 3  # 13 members (the owner too), five a page
    assert sorted(seen[1:]) == sorted(u.username for u in people) and seen[0] == owner.username
    assert "13 members" in html
    # Odd page numbers show the first page; a page past the last offers the way back.
    for odd in ("0", "-1", "x", "9" * 30, "１", "2.5"):
        html = client.get(f"/clubs/{club.slug}/", {"people": odd}).content.decode()
        assert _listed(html)[0] == owner.username
    assert client.get(f"/clubs/{club.slug}/", {"people": "1\x00"}).status_code == 400
    past = client.get(f"/clubs/{club.slug}/?people=40").content.decode()
    assert _listed(past) == [] and "?people=1#people" in past


def test_the_page_queries_do_not_grow_with_the_members(make_user, make_club, owner):
    club = make_club(owner, "Growing Club", join_policy="approval")
    manager = make_user("mgr")
    services.membership_join(club=club, user=manager)
    Membership.objects.filter(club=club, user=manager).update(status="active", role="manager")

    def counts() -> list[int]:
        out = []
        for user in (owner, manager):
            client = _client(user)
            with CaptureQueriesContext(connection) as captured:
                assert client.get(f"/clubs/{club.slug}/").status_code == 200
            out.append(len(captured.captured_queries))
        return out

    _join(club, make_user, "a", 2)
    one_page = counts()
    sizes, seen = [], []
    for _ in range(3):
        for user in _join(club, make_user, f"b{len(sizes)}", 3 * PAGE):
            Membership.objects.filter(club=club, user=user).update(status="active")
        sizes.append(len(_client(owner).get(f"/clubs/{club.slug}/").content))
        seen.append(counts())
    # A club of several pages counts its members (one read more than a club of one page); then the
    # queries stay the same, and so does the page's size.
    assert seen[0] == seen[1] == seen[2]
    assert all(a <= b <= a + 1 for a, b in zip(one_page, seen[0], strict=True))
    assert sizes[2] < sizes[0] * 1.1


def test_requests_and_bans_show_their_first_page(make_user, make_club, owner):
    club = make_club(owner, "Wanted Club", join_policy="approval")
    _join(club, make_user, "ask", PAGE + 2)
    html = _client(owner).get(f"/clubs/{club.slug}/").content.decode()
    assert len(re.findall(r'action="[^"]*/approve/"', html)) == PAGE
    assert f"/admin/club/membership/?club__id__exact={club.pk}&amp;status__exact=pending" in html
    admin_page = _client(owner).get(
        "/admin/club/membership/", {"club__id__exact": club.pk, "status__exact": "pending"}
    )
    assert admin_page.status_code == 200
    assert len(re.findall(rb'name="_selected_action"', admin_page.content)) == PAGE + 2


def test_an_action_answers_with_the_page_it_was_sent_from(make_user, make_club, owner):
    club = make_club(owner, "Acting Club")
    people = _join(club, make_user, "p", 3 * PAGE)
    client = _client(owner)
    html = client.get(f"/clubs/{club.slug}/?people=2").content.decode()
    assert 'id="people-page" name="people" value="2"' in html
    second = _listed(html)
    target = Membership.objects.get(club=club, user__username=second[-1])
    answer = client.post(
        f"/clubs/{club.slug}/members/{target.pk}/suspend/",
        {"reason": "too loud", "until": "2099-01-01T10:00", "people": "2"},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200
    assert _listed(answer.content.decode()) == second
    assert people  # the club's members are those listed
