"""The admin's game records read in the manager's language: column names, a deal's result, a
table's game and a seat's player (review 9: "Session, Result, Seq, Started at … played, redeal",
"Name", "Sat at" and "classic" were English words and codes in ru and bg)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from ledger.services import account_wallet

from .conftest import play_deal_as_people, sit_all, start_deal

ENGLISH = re.compile(
    r"\b(Session|Result|Seq|Started at|Finished at|Outcome|Name|Sat at|Left at|Deal|Seat|Action|Actor|"
    r"Created at|Events|played|redeal|classic|Started|Series|Next deal|Close when|member|active|manager)\b"
)


def _text(html: str) -> str:
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", "", html, flags=re.S)
    html = re.sub(r"<[^>]+>", " ", html)
    return re.sub(r"\s+", " ", html)


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_the_game_records_in_the_admin_have_no_english_words(language, make_table, players, owner):
    owner.is_staff = True
    owner.preferred_language = language
    owner.save(update_fields=["is_staff", "preferred_language"])
    table = make_table(seats=4)
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    client = Client(headers={"accept-language": language})
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    action = deal.actions.first()
    for url in (
        "/admin/games/deal/",
        f"/admin/games/deal/{deal.pk}/change/",
        "/admin/games/dealaction/",
        f"/admin/games/dealaction/{action.pk}/change/",
        "/admin/games/seat/",
        "/admin/games/tablesession/",
        f"/admin/games/tablesession/{table.pk}/change/",
        f"/admin/club/membership/{players[0].memberships.get().pk}/change/",
        f"/admin/ledger/account/{account_wallet(membership=players[0].memberships.get()).pk}/change/",
    ):
        with translation.override(language):
            response = client.get(url)
        assert response.status_code == 200, url
        text = _text(response.content.decode())
        # The table's own title ("classic table") is the manager's words, not the site's.
        text = text.replace(table.title, "")
        # Stored JSON (a move, the engine's events and result) is shown as it is kept.
        text = re.sub(r"\S*&quot;\S*", "", text)
        found = sorted(set(ENGLISH.findall(text)))
        assert not found, f"{url} ({language}): {found}"


def test_a_stand_up_from_the_admin_names_the_seat_as_the_table_counts_it(make_table, players, owner):
    from django.contrib.messages import get_messages

    from games.models import Seat

    owner.is_staff = True
    owner.save(update_fields=["is_staff"])
    table = make_table(seats=4)
    sit_all(table, players)
    seat = Seat.objects.get(session=table, position=2)
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(
        "/admin/games/seat/", {"action": "stand_up_selected", "_selected_action": [seat.pk], "reason": "home"}
    )
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said == [f"{table.title}, seat 3 ({seat.name}): stood up"], said
