"""Review 161: the Bulgarian home page called the ban two things, a line apart: "Блокирането изтича
на …" (the ban ends on …) and "Блокировката няма краен срок" (the ban has no end). The site says
"блокировката" for the ban a member is under (its lifting, its notice, the grants it stops); the
banning itself, an act (its date, the club log's "Banned from the club"), stays "блокиране". Each
sentence about the ban now says it the one way, in both Bulgarian catalogues."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import timezone

from .test_catalogues import ROOT, _active, parse_po

#: Messages about the ban itself (not the act of banning).
THE_BAN = re.compile(r"\bthe ban\b|(?-i:^ban$)|^ban reason$|^ban (?:ended|lifted)$", re.IGNORECASE)
#: The act's noun, which these said.
THE_ACT = re.compile(r"\bблокиране(?:то)?\b", re.IGNORECASE)


@pytest.fixture(autouse=True)
def _no_zone_left():
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.mark.parametrize("base", ["locale", "games/locale"])
def test_the_ban_is_one_word(base: str) -> None:
    entries = _active(parse_po(ROOT / base / "bg" / "LC_MESSAGES" / "django.po"))
    about = [e for e in entries if THE_BAN.search(e.msgid) or THE_BAN.search(e.msgid_plural or "")]
    said_twice = [(e.label, text) for e in about for text in e.msgstr.values() if THE_ACT.search(text)]
    assert not said_twice, said_twice


@pytest.mark.django_db
def test_the_home_page_says_it_one_way(club, member, owner) -> None:
    from datetime import timedelta

    from club import services

    from .conftest import m

    services.membership_ban(
        membership=m(club, member), actor=owner, reason="tilt", until=timezone.now() + timedelta(days=3)
    )
    client = Client(HTTP_ACCEPT_LANGUAGE="bg")
    client.force_login(member, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get("/").content.decode()
    assert "Блокировката изтича" in page
    assert "Блокирането" not in page
