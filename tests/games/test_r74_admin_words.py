"""Review 74: the manager's admin pages in Russian and Bulgarian, as read (and heard) there."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from club import services as club_services
from club.models import Membership
from games.models import Reservation

pytestmark = [pytest.mark.django_db]


def _text(page: str) -> str:
    body = re.sub(r"<script.*?</script>", "", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def _client(user, language: str) -> Client:
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.mark.parametrize(
    ("language", "member", "status"), [("ru", "Участник", "Статус"), ("bg", "Член", "Статус")]
)
def test_a_tables_reservations_are_headed_in_the_managers_language(
    make_table, players, owner, language, member, status
) -> None:
    """A table's page in the admin listed its reservations under "Member" and "Status" in English:
    the reservation's fields had no names of their own."""
    table = make_table()
    Reservation.objects.create(session=table, member=Membership.objects.get(user=players[0]), position=1)
    page = _client(owner, language).get(f"/admin/games/tablesession/{table.pk}/change/")
    text = _text(page.content.decode())
    headers = text.split("Vera", 1)[0]
    assert " Member " not in headers, headers[-400:]
    assert " Status " not in headers, headers[-400:]
    assert member in text and status in text


@pytest.mark.parametrize(("language", "said"), [("ru", "ссылка-приглашение"), ("bg", "линк за покана")])
def test_an_invites_page_is_titled_in_the_managers_language(club, owner, language, said) -> None:
    """An invite's page in the admin was titled, and its breadcrumb read, "Evening invite Ab12Cd…"
    in every language: the invite's name was English words around the club's name."""
    invite = club_services.invite_create(club=club, actor=owner)
    page = _client(owner, language).get(f"/admin/club/invite/{invite.pk}/change/")
    title = re.search(r"<title>(.*?)</title>", page.content.decode(), flags=re.S).group(1)
    assert " invite " not in title, title
    assert said in html.unescape(title), title
