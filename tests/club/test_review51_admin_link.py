"""Review 51: the admin is the club managers' (tables cancelled, bans and books read there, README),
and it follows the club role, not Django's staff flag; but the only way the site showed to it was
the header's link, drawn for staff alone, so an owner or a manager (never staff) had to know to type
/admin/. His club's page links to it for him; a plain member's does not."""

from __future__ import annotations

import pytest

from .conftest import client_for

pytestmark = pytest.mark.django_db

LINK = 'href="/admin/"'


def test_a_clubs_managers_find_the_admin_on_its_page(club, owner, manager, member):
    url = club.get_absolute_url()
    for person in (owner, manager):
        assert not person.is_staff
        page = client_for(person).get(url).content.decode()
        assert LINK in page, person.username
        assert client_for(person).get("/admin/").status_code == 200
    assert LINK not in client_for(member).get(url).content.decode()
    assert LINK not in client_for(None).get(url).content.decode()
