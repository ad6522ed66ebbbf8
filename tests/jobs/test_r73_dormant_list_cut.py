"""Review 73: the club page's list of dormant members was every one of them. The first night of the
mark in a club with a long past (or a big one) marks hundreds: the manager's club page drew each,
under the members list that shows fifty and sends the rest to the admin. It shows the first fifty
too now, with a link to all of them in the admin (a "Dormant" filter there).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Membership

pytestmark = pytest.mark.django_db


def test_the_club_page_shows_the_first_dormant_members_and_links_to_all(club, owner, make_user) -> None:
    users = [make_user(f"sleeper{n:03d}") for n in range(60)]
    Membership.objects.bulk_create(
        [Membership(club=club, user=user, dormant_since=timezone.now()) for user in users]
    )
    client = Client()
    client.force_login(owner)
    html = client.get(f"/clubs/{club.slug}/").content.decode()
    start = html.index('id="dormant-list"')
    shown = html[start : html.index("</ul>", start)]
    assert shown.count("<li>") == 50
    link = f"/admin/club/membership/?club__id__exact={club.pk}&amp;dormant=1"
    assert link in html[start:]
    page = client.get(link.replace("&amp;", "&"))
    assert page.status_code == 200
    listed = page.content.decode()
    assert "sleeper059" in listed and f"@{owner.username}" not in listed
    assert "60 " in listed  # Django's "60 memberships" count of the filtered list
