"""A manager's read-only pages of the admin, in Russian and Bulgarian (review 13): fields with no
verbose name of their own read as Django spells their names ("Club:", "Leave after deal:",
"Removed:", "Away deals:", a date as ISO text), a club's page showed the form's hidden check
("Loaded: None") and its default game by code ("classic"), a seat's page counted the seat from 0
and named the bot's level ("basic"), an audit row's page was titled with the action's code
("chips.granted")."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from club.models import AuditLog, Membership
from games.models import Seat, TableSession
from games.services import table_bot_add

from .conftest import sit_all

ENGLISH = [
    "Club:",
    ">Club<",
    "Loaded",
    "classic",
    "Leave after deal",
    "Removed",
    "Away deals",
    "Stood up",
    "Deals away",
    "basic",
    "chips.granted",
    "membership.joined",
    "created by",
    "Created at",
    "Default game",
    "+00:00",
]


def _text(page: str) -> str:
    body = page.split('id="content"', 1)[1]
    body = re.sub(r"<script.*?</script>", "", body, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_a_managers_read_only_pages_have_no_english_field_names(make_table, players, owner, language):
    owner.preferred_language = language
    owner.save(update_fields=["preferred_language"])
    table = make_table()
    # Its title, "classic table", is the fixture's words, not the site's.
    TableSession.objects.filter(pk=table.pk).update(title="Вечер")
    AuditLog.objects.filter(target="classic table").update(target="Вечер")
    sit_all(table, players[:1])
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    person_seat = Seat.objects.get(session=table, member__isnull=False)
    bot_seat = Seat.objects.get(session=table, member__isnull=True)
    membership = Membership.objects.get(user=players[0])
    audit = AuditLog.objects.filter(club=table.club, action="chips.granted").first()
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    pages = {
        url: _text(client.get(url).content.decode())
        for url in (
            f"/admin/club/club/{table.club.pk}/change/",
            "/admin/club/membership/",
            f"/admin/club/membership/{membership.pk}/change/",
            f"/admin/club/auditlog/{audit.pk}/change/",
            "/admin/club/auditlog/",
            f"/admin/games/seat/{person_seat.pk}/change/",
            f"/admin/games/seat/{bot_seat.pk}/change/",
            f"/admin/games/tablesession/{table.pk}/change/",
            "/admin/ledger/adjustment/",
            "/admin/ledger/chiprequest/",
        )
    }
    for url, text in pages.items():
        found = [word for word in ENGLISH if word in text]
        assert not found, (language, url, found, text[:3000])
    seat_page = pages[f"/admin/games/seat/{person_seat.pk}/change/"]
    seat_word = "Место" if language == "ru" else "Място"
    assert f"{seat_word}: 1 " in seat_page, ("the first seat is seat 1, as in the list", seat_page)
    assert "create key" not in pages[f"/admin/games/tablesession/{table.pk}/change/"].lower()
