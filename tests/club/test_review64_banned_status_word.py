"""Review 64: one member's status in the admin read "Заблокированы" ("Блокирани"), a plural, beside
"Активен" and "Вышел": the status and the club page's heading over the list of banned people shared
one message. The status is now one member's word ("Заблокирован", "Блокиран"); the heading stays
the plural."""

from __future__ import annotations

import pytest

from club import services

from .conftest import logged_in, m

pytestmark = pytest.mark.django_db


def _as(user, language: str):
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])
    return logged_in(user)


@pytest.mark.parametrize(
    ("language", "one", "heading"),
    [("ru", "Под блокировкой", "Заблокированы"), ("bg", "Под блокировка", "Блокирани")],
)
def test_a_banned_members_status_is_his_own_word(club, owner, member, language, one, heading) -> None:
    services.membership_ban(membership=m(club, member), actor=owner, reason="r64")
    client = _as(owner, language)
    listing = client.get("/admin/club/membership/?status__exact=banned").content.decode()
    row = listing[listing.index('<tbody'):listing.index('</tbody>')]
    assert f'<td class="field-status">{one}</td>' in row, row
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert f"<h2>{heading}</h2>" in page
