"""Review 64: the admin's titles put the model's name as it stands alone where it is the object of
the verb: "Выберите проводка для просмотра", "Просмотреть игровая сессия", and the button
"Добавить игровая сессия". Russian bends a feminine name there: "проводку", "игровую сессию". The
pages a Russian manager reads now bend it; a name that does not bend, and other languages, read
as before."""

from __future__ import annotations

import re

import pytest

from games.services import table_session_create
from ledger.models import Journal
from ledger.services import chips_grant

from .conftest import logged_in, m

pytestmark = pytest.mark.django_db


def _as(user, language: str):
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])
    return logged_in(user)


def _h1(page: str) -> str:
    found = re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S)
    assert found is not None
    return " ".join(found.group(1).split())


def _title(page: str) -> str:
    found = re.search(r"<title>(.*?)</title>", page, re.S)
    assert found is not None
    return " ".join(found.group(1).split())


def test_the_titles_bend_the_models_name(club, owner, member) -> None:
    chips_grant(membership=m(club, member), amount=10, actor=owner, reason="r64", idempotency_key="r64-t")
    journal = Journal.objects.get(idempotency_key__endswith="r64-t")
    table = table_session_create(
        club=club, actor=owner, title="Вечер", preset="classic", stake=5, seat_count=4,
        buy_in_min=100, buy_in_max=500,
    )
    russian = _as(owner, "ru")

    page = russian.get("/admin/ledger/journal/").content.decode()
    assert _h1(page) == "Выберите проводку для просмотра"
    assert _title(page).startswith("Выберите проводку для просмотра |")
    page = russian.get(f"/admin/ledger/journal/{journal.pk}/change/").content.decode()
    assert _h1(page) == "Просмотреть проводку"

    page = russian.get("/admin/games/tablesession/").content.decode()
    assert _h1(page) == "Выберите игровую сессию для просмотра"
    assert "Добавить игровую сессию" in page and "Добавить игровая сессия" not in page
    page = russian.get("/admin/games/tablesession/add/").content.decode()
    assert _h1(page) == "Добавить игровую сессию"
    assert "Добавить игровая сессия" not in page
    page = russian.get(f"/admin/games/tablesession/{table.pk}/change/").content.decode()
    assert _h1(page) == "Просмотреть игровую сессию"

    # A name that does not bend reads as it did; Bulgarian and English too.
    assert _h1(russian.get("/admin/club/membership/").content.decode()) == "Выберите членство для просмотра"
    bulgarian = _as(owner, "bg").get("/admin/ledger/journal/").content.decode()
    assert _h1(bulgarian) == "Избери операция за преглед"
    assert _h1(_as(owner, "en").get("/admin/ledger/journal/").content.decode()) == "Select journal to view"
