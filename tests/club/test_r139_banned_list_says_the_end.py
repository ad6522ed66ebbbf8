"""Review 139: the club page's list of the banned, where a manager lifts a ban, said when each ban
began and why, but not when it ends: a ban of a week read like a ban for good, and a manager lifted
early a ban that was to end the next morning, or left waiting one he meant to end. The list now
says the end of a ban that has one (en, ru, bg), and nothing of the kind for a ban with none."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import formats, timezone, translation

from club import services

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_active_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _banned_list(user, club, language="en") -> str:
    client = client_for(user)
    client.cookies.load({"django_language": language})
    page = client.get(club.get_absolute_url()).content.decode()
    return page.split('id="banned-list"')[1].split("</ul>")[0]


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_banned_list_says_when_a_ban_ends(club, owner, member, language):
    until = timezone.now() + timedelta(days=7)
    services.membership_ban(membership=m(club, member), actor=owner, reason="Marked cards", until=until)
    with translation.override(language):
        end = formats.date_format(timezone.localtime(m(club, member).ban_until), "SHORT_DATETIME_FORMAT")
        words = translation.gettext("until %(date)s") % {"date": end}
    assert (words.startswith("until")) == (language == "en")
    assert words in _banned_list(owner, club, language)


def test_a_ban_with_no_end_says_no_end(club, owner, member):
    services.membership_ban(membership=m(club, member), actor=owner, reason="Marked cards")
    banned = _banned_list(owner, club)
    assert "until" not in banned
    assert "reason: Marked cards" in banned
