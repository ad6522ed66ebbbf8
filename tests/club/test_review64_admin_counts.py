"""Review 64: under each list the admin writes how many rows it holds, and wrote the model's one
plural beside any number: "5 проводки", "16 записи", "5 членства", "25 журнал действий". Russian
takes another form after 5 (and 11 to 14), after 2 to 4 and after 1; the count now says
"5 проводок", "2 проводки", "1 проводка", and the Bulgarian page its own two forms."""

from __future__ import annotations

import re

import pytest

from ledger.services import chips_grant

from .conftest import logged_in, m

pytestmark = pytest.mark.django_db


def _count_line(page: str) -> str:
    paginator = re.search(r'<p class="paginator">(.*?)</p>', page, re.S)
    assert paginator is not None
    return " ".join(re.sub(r"<[^>]+>", " ", paginator.group(1)).split())


def _as(user, language: str):
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])
    return logged_in(user)


def _grants(club, owner, member, n: int, start: int = 0) -> None:
    for i in range(start, start + n):
        chips_grant(
            membership=m(club, member), amount=10, actor=owner, reason="r64", idempotency_key=f"r64-count:{i}"
        )


def test_a_lists_count_takes_the_plural_its_number_asks_for(club, owner, member) -> None:
    russian = _as(owner, "ru")
    _grants(club, owner, member, 1)
    assert _count_line(russian.get("/admin/ledger/journal/").content.decode()) == "1 проводка"
    _grants(club, owner, member, 1, start=1)
    assert _count_line(russian.get("/admin/ledger/journal/").content.decode()) == "2 проводки"
    _grants(club, owner, member, 3, start=2)
    assert _count_line(russian.get("/admin/ledger/journal/").content.decode()) == "5 проводок"
    # Each grant wrote two entries: ten.
    assert _count_line(russian.get("/admin/ledger/entry/").content.decode()) == "10 записей"
    # The owner, the manager and the member.
    assert _count_line(russian.get("/admin/club/membership/").content.decode()) == "3 членства"
    assert _count_line(russian.get("/admin/club/invite/").content.decode()) == "0 приглашений"

    bulgarian = _as(owner, "bg")
    assert _count_line(bulgarian.get("/admin/ledger/journal/").content.decode()) == "5 операции"
    assert _count_line(bulgarian.get("/admin/club/club/").content.decode()) == "1 клуб"

    english = _as(owner, "en")
    assert _count_line(english.get("/admin/ledger/journal/").content.decode()) == "5 journals"
