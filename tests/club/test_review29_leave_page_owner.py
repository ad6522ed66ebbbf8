"""Review 29: the leave page (the club page's confirmation without JavaScript, or its address typed)
offered the club's owner "Yes, leave the club", which then refused him: owners cannot leave. The
page tells him so at once, and offers nothing to press.
"""

from __future__ import annotations

import pytest

from .conftest import client_for

pytestmark = pytest.mark.django_db


def test_the_owner_is_told_at_once_that_he_cannot_leave(club, owner):
    page = client_for(owner).get(f"/clubs/{club.slug}/leave/").content.decode()
    assert "The owner cannot leave the club they own." in page
    assert "Yes, leave the club" not in page


def test_a_member_is_still_asked_to_confirm(club, member):
    page = client_for(member).get(f"/clubs/{club.slug}/leave/").content.decode()
    assert "Yes, leave the club" in page
