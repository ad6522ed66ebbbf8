"""Review 26 (a club after a year): the club page listed every usable invite link, however many a
club handed out. The newest come a page at a time (``?invites=N``) with their count; withdrawing one
answers with the page it was on; the page's queries do not grow with the links."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from club import services, views
from club.models import Invite

PAGE = 3


@pytest.fixture(autouse=True)
def _small_pages(monkeypatch) -> None:
    monkeypatch.setattr(views, "INVITES_PAGE", PAGE, raising=False)


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _listed(html: str) -> list[str]:
    return re.findall(r"/invite/([\w-]+)/", html.split('id="invites"', 1)[1].split("</section>", 1)[0])


def _make(club, owner, count: int) -> list[Invite]:
    made = []
    for i in range(count):
        invite = services.invite_create(club=club, actor=owner)
        Invite.objects.filter(pk=invite.pk).update(
            created_at=timezone.now() + timedelta(seconds=len(made) + i)
        )
        made.append(invite)
    return made


def test_invites_come_a_page_at_a_time(make_user, make_club):
    owner = make_user("inviter")
    club = make_club(owner, "Inviting Club", join_policy="invite")
    made = _make(club, owner, 7)
    # Not usable: not listed, not counted.
    Invite.objects.filter(pk=_make(club, owner, 1)[0].pk).update(revoked=True)
    client = _client(owner)
    url = f"/clubs/{club.slug}/"
    seen: list[str] = []
    page = 1
    while True:
        html = client.get(url, {"invites": page}).content.decode()
        rows = _listed(html)
        assert 0 < len(rows) <= PAGE
        assert "7 invite links in use" in html
        seen += rows
        if f"?invites={page + 1}#invites" not in html:
            break
        page += 1
        assert page < 10
    assert page == 3 and seen == [i.code for i in reversed(made)]  # newest first, each once
    for odd in ("0", "-1", "x", "9" * 30, "１", "2.5"):
        assert _listed(client.get(url, {"invites": odd}).content.decode()) == seen[:PAGE]
    assert client.get(url, {"invites": "1\x00"}).status_code == 400
    past = client.get(url, {"invites": 40}).content.decode()
    assert _listed(past) == [] and "?invites=1#invites" in past
    # Withdrawing a link from the second page comes back to the second page.
    second = client.get(url, {"invites": 2}).content.decode()
    assert 'name="invites" value="2"' in second
    answer = client.post(f"/clubs/{club.slug}/invites/{made[2].pk}/revoke/", {"invites": "2"})
    assert answer.status_code == 302 and answer["Location"].endswith("?invites=2#invites")
    assert "6 invite links in use" in client.get(url).content.decode()


def test_a_few_invites_are_counted_without_a_pager(make_user, make_club):
    owner = make_user("fewinv")
    club = make_club(owner, "Few Invites", join_policy="invite")
    _make(club, owner, 2)
    html = _client(owner).get(f"/clubs/{club.slug}/").content.decode()
    assert len(_listed(html)) == 2 and "2 invite links in use" in html and "?invites=2" not in html


def test_the_page_queries_do_not_grow_with_the_invites(make_user, make_club):
    owner = make_user("manyinv")
    club = make_club(owner, "Many Invites", join_policy="invite")
    client = _client(owner)

    def count() -> tuple[int, int]:
        with CaptureQueriesContext(connection) as ctx:
            html = client.get(f"/clubs/{club.slug}/?invites=2").content.decode()
        return len(ctx.captured_queries), len(html.split('id="invites"', 1)[1].split("</section>", 1)[0])

    _make(club, owner, 2 * PAGE + 1)
    before = count()
    _make(club, owner, 40)
    after = count()
    assert after[0] == before[0]
    assert abs(after[1] - before[1]) < 20  # three links' worth of page (the count has a digit more)


def test_the_members_and_invites_pagers_keep_each_others_page(make_user, make_club, monkeypatch):
    """Paging the members dropped the invite links' page and the other way round (review 29's note):
    each pager's links keep the other list's page."""
    monkeypatch.setattr(views, "MEMBERS_PAGE", 2)
    owner = make_user("keeper")
    club = make_club(owner, "Keeping Club")
    for n in range(4):
        services.membership_join(club=club, user=make_user(f"keeper-member-{n}"))
    _make(club, owner, PAGE * 3)
    html = _client(owner).get(club.get_absolute_url(), {"people": 2, "invites": 2}).content.decode()
    people = re.search(r'aria-label="Pages of members">(.*?)</nav>', html, re.S)
    invites = re.search(r'aria-label="Pages of invite links">(.*?)</nav>', html, re.S)
    assert people is not None and invites is not None
    assert 'href="?invites=2&amp;people=3#people"' in people.group(1)
    assert 'href="?people=2&amp;invites=1#invites"' in invites.group(1)
    html = _client(owner).get(club.get_absolute_url()).content.decode()
    assert 'href="?people=2#people"' in html and 'href="?invites=2#invites"' in html
