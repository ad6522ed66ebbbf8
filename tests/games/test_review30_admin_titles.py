"""Review 30: the admin titles a row's page, its breadcrumbs, history and delete pages with the
row's own name. For five of the rows a club manager reads, that name was a programmer's: a deal's
move "1:1 seat 2 {'do': 'pass'}" (its stored JSON), a seat "1#0 Vera" (the table's id and the seat
counted from 0), a ledger entry "1: -1000 → -1000" (an account id), a waiting grant "Выдача 9000 → 2
(pending)" and a chip request "3 asks 5 (open)" (membership ids, English codes), in every language.
Each is named in words, in the reader's language."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.models import Membership
from games.models import DealAction, Seat
from ledger.models import Adjustment, ChipRequest, Entry
from ledger.services import chips_adjust, chips_request

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def rows(club, owner, players, make_table) -> dict[str, object]:
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    vera = Membership.objects.get(club=club, user=players[0])
    gleb = Membership.objects.get(club=club, user=players[1])
    chips_adjust(member=vera, kind="grant", amount=9_000, actor=owner, reason="prize", idempotency_key="k")
    chips_request(member=gleb, amount=5, note="please")
    return {
        "dealaction": DealAction.objects.filter(deal=deal).order_by("seq").first(),
        "seat": Seat.objects.select_related("session").get(session=table, position=0),
        "entry": Entry.objects.filter(journal__deal=deal).order_by("id").first(),
        "adjustment": Adjustment.objects.select_related("member__user").get(),
        "chiprequest": ChipRequest.objects.select_related("member__user").get(),
    }


def _title(client: Client, obj: object) -> str:
    meta = obj._meta  # type: ignore[attr-defined]
    url = reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk])  # type: ignore[attr-defined]
    page = client.get(url).content.decode()
    heading = re.search(r"<h2>(.*?)</h2>", page, re.S)
    assert heading is not None, page[:500]
    return heading.group(1).strip()


def _manager(owner, language: str) -> Client:
    owner.preferred_language = language
    owner.save(update_fields=["preferred_language"])
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(owner)
    return client


def test_rows_are_named_in_words_in_russian(owner, rows, players) -> None:
    client = _manager(owner, "ru")
    move = rows["dealaction"]
    seat = rows["seat"]
    titles = {name: _title(client, obj) for name, obj in rows.items()}
    assert titles["dealaction"] == f"classic table · 1, ход {move.seq}", titles
    assert titles["seat"] == "classic table, место 1 (Vera)", titles
    entry = rows["entry"]
    assert titles["entry"] == f"Запись №{entry.pk} проводки №{entry.journal_id}: {entry.amount:+d}", titles
    vera, gleb = players[0].username, players[1].username
    waiting = "В ожидании второго менеджера"
    assert titles["adjustment"] == f"Выдача: 9000 для участника Vera (@{vera}) · {waiting}", titles
    assert titles["chiprequest"] == f"Просьба участника Gleb (@{gleb}), фишки: 5 · Открыта", titles
    for title in titles.values():
        assert not re.search(r"\{&#x27;|pending|\(open\)|asks|#0 ", title), titles
    assert seat.position == 0


def test_rows_are_named_in_words_in_english(owner, rows, players) -> None:
    with translation.override("en"):
        assert str(rows["seat"]) == "classic table, seat 1 (Vera)"
        vera, gleb = players[0].username, players[1].username
        assert str(rows["adjustment"]) == f"Grant: 9000 for Vera (@{vera}) · Waiting for a second manager"
        assert str(rows["chiprequest"]) == f"Request of Gleb (@{gleb}), chips: 5 · Open"
    # Named without a query per row when what it names is not loaded: ids, still in words.
    move = DealAction.objects.get(pk=rows["dealaction"].pk)
    adjustment = Adjustment.objects.get(pk=rows["adjustment"].pk)
    seat = Seat.objects.get(pk=rows["seat"].pk)
    with translation.override("en"):
        assert str(move) == f"deal #{move.deal_id}, move {move.seq}"
        assert str(seat) == f"table {seat.session_id}, seat 1 (Vera)"
        waiting = "Waiting for a second manager"
        assert str(adjustment) == f"Grant: 9000 for member #{adjustment.member_id} · {waiting}"


def test_the_lists_of_adjustments_and_requests_read_no_row_by_row(club, owner, rows, players) -> None:
    """What the titles need is loaded with the rest of a list's columns: a page of waiting grants
    and of requests costs the same queries however many rows it shows."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = _manager(owner, "en")

    def queries(name: str) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(reverse(f"admin:ledger_{name}_changelist")).status_code == 200
        return len(captured)

    before = {name: queries(name) for name in ("adjustment", "chiprequest")}
    for n, user in enumerate(players[1:], start=1):
        member = Membership.objects.get(club=club, user=user)
        chips_adjust(
            member=member, kind="grant", amount=9_000, actor=owner, reason="r", idempotency_key=f"q{n}"
        )
        if n > 1:
            chips_request(member=member, amount=5, note="please")
    assert {name: queries(name) for name in before} == before
