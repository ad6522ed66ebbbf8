"""The admin counted seats from 0 where the site counts them from 1 (review 30's note): a move's
"Seat in the deal: 0" (the engine's seat, no seat of the table's page), a table's "Next dealer: 0"
and its seats' "Position: 0". A move names its player, a table its next dealer's seat counted
from 1, and its seats are numbered as the table's page numbers them."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.models import User
from games.models import DealAction, DealPlayer, TableSession

from .test_review30_admin_pages_once import _page, deal  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


def _line(page: str, label: str) -> str | None:
    found = re.search(rf"<label>{label}:</label>\s*<div class=\"readonly\">(.*?)</div>", page, re.S)
    return found.group(1).strip() if found else None


def test_a_move_names_its_player(owner, deal) -> None:  # noqa: F811
    moves = list(DealAction.objects.filter(deal=deal).order_by("seq")[:6])
    assert len(moves) == 6  # a deal with no moves recorded would check no page at all
    for move in moves:
        page = _page(owner, reverse("admin:games_dealaction_change", args=[move.pk]))
        player = DealPlayer.objects.get(deal=deal, engine_seat=move.seat).seat.member.user
        assert _line(page, "Player") == player.name_and_username  # "Vera (@vera3)" (review 69)
        assert "Seat in the deal" not in page


def test_the_moves_list_names_players_in_one_query(owner, deal) -> None:  # noqa: F811
    client = Client()
    client.force_login(owner)
    assert DealAction.objects.filter(deal=deal).count() > 4
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("admin:games_dealaction_changelist")).content.decode()
    names = set(re.findall(r'<td class="field-player">(.*?) \(@\w+\)</td>', page))
    assert names and names <= {"Vera", "Gleb", "Dasha", "Ivan"}, names
    assert sum("games_dealplayer" in q["sql"] for q in queries.captured_queries) == 1


def test_a_table_counts_its_seats_and_next_dealer_from_one(owner, deal) -> None:  # noqa: F811
    table = TableSession.objects.get(pk=deal.session_id)
    assert table.next_dealer is not None
    page = _page(owner, reverse("admin:games_tablesession_change", args=[table.pk]))
    assert _line(page, "Next dealer") == f"seat {table.next_dealer + 1}"
    # The seats' list under it (shown to the site's staff).
    root = User.objects.create_superuser("root", "root@example.org", "Chips-and-Trumps-2024")
    page = _page(root, reverse("admin:games_tablesession_change", args=[table.pk]))
    numbers = [int(n) for n in re.findall(r'<td class="field-seat_number">\s*<p>(\d+)</p>', page)]
    assert sorted(numbers) == [s.position + 1 for s in table.seats.order_by("position")], numbers
