"""Review 30: a journal's and a deal move's pages in the admin said some things twice, once for the
machine under the same label: a deal's journal read "Memo: ante 5 stack:2→bank" above "Memo: Ante 5:
Stack at a table, player 3 → Table bank" and "Deal: classic table · 1" above "Deal: classic table ·
deal 1"; a move read "Move: {"do": "snore"}" beside "Move: Snore" (and in Russian the machine's
lines stayed English). Each is said once, in the reader's words."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import DealAction
from ledger.models import Journal

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _labels(page: str) -> list[str]:
    """The labels of a read-only admin page's lines, in order."""
    return [
        re.sub(r"<[^>]+>", "", label).strip() for label in re.findall(r"<label>(.*?)</label>", page, re.S)
    ]


@pytest.fixture
def deal(club, owner, players, make_table):
    table = make_table()
    sit_all(table, players)
    return play_deal_as_people(start_deal(table), players)


def _page(owner, url: str) -> str:
    client = Client()
    client.force_login(owner)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_a_deals_journal_says_its_memo_and_deal_once_in_words(owner, deal) -> None:
    journal = Journal.objects.filter(deal=deal, kind=Journal.Kind.ANTE).get()
    page = _page(owner, reverse("admin:ledger_journal_change", args=[journal.pk]))
    labels = _labels(page)
    assert labels.count("Memo:") == 1 and labels.count("Deal:") == 1, labels
    assert "Ante 5: Stack at a table, player" in page
    assert "stack:" not in page.replace(journal.idempotency_key, "")  # the trail is the machine's
    assert {"Club:", "Kind:", "Idempotency key:", "Time:", "Who:"} <= set(labels), labels
    # Its lines are still shown under it.
    assert len(re.findall(r'<td class="field-amount">', page)) == journal.entries.count()


def test_a_moves_page_says_the_move_once_in_words(owner, deal) -> None:
    move = DealAction.objects.filter(deal=deal).order_by("seq").first()
    page = _page(owner, reverse("admin:games_dealaction_change", args=[move.pk]))
    labels = _labels(page)
    assert labels.count("Move:") == 1, labels
    assert "&quot;do&quot;" not in page and "{&#x27;do" not in page
    assert "ChipsMoved" not in page and "Declared" not in page


def test_a_deals_page_names_its_players_and_dealer_and_links_its_result(owner, players, deal) -> None:
    """A deal's page read "Players: [1, 2, 3, 4]" (seat rows' ids), "Dealer: 1" (an engine seat
    counted from 0) and its result in detail as the engine's JSON ("statuses": ["help", "snore"]...)."""
    page = _page(owner, reverse("admin:games_deal_change", args=[deal.pk]))
    labels = _labels(page)
    names = {"Vera", "Gleb", "Dasha", "Ivan"}
    shown = re.search(r"<label>Players:</label>\s*<div class=\"readonly\">(.*?)</div>", page, re.S)
    assert shown is not None, labels
    assert set(shown.group(1).split(", ")) == names
    dealer = re.search(r"<label>Dealer:</label>\s*<div class=\"readonly\">(.*?)</div>", page, re.S)
    assert dealer is not None and dealer.group(1) in names
    assert "&quot;statuses&quot;" not in page and labels.count("Result in detail:") == 1, labels
    assert f'href="{reverse("deal_page", args=[deal.pk])}"' in page
