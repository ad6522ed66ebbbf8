"""The history list pages through the deals as its first page read them. It paged by position,
newest first: deals that finished while a reader went from page 1 to page 2 pushed rows he had
already read onto page 2 (read twice), and the rows of page 1 that went unseen were lost."""

from __future__ import annotations

import re

from django.test import Client

from games import history
from games.models import Deal

from .conftest import play_deal_as_people, sit_all, start_deal


def _ids(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'href="/deals/(\d+)/"', html)]


def test_the_next_page_follows_the_first_page_read(make_table, players, monkeypatch):
    monkeypatch.setattr(history, "PAGE_SIZE", 3)
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    for _ in range(5):
        play_deal_as_people(start_deal(table), players)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    first = client.get(f"/clubs/{table.club.slug}/deals/").content.decode()
    first_ids = _ids(first)
    assert len(first_ids) == 3
    older = re.search(r'href="(\?[^"]*page=2[^"]*)"', first)
    assert older, first
    for _ in range(2):  # two more deals finish while he reads
        play_deal_as_people(start_deal(table), players)
    link = older.group(1).replace("&amp;", "&")
    second_ids = _ids(client.get(f"/clubs/{table.club.slug}/deals/{link}").content.decode())
    assert not set(second_ids) & set(first_ids)
    every = list(
        Deal.objects.filter(session=table, finished_at__isnull=False).order_by("-finished_at", "-id")
    )
    assert first_ids + second_ids == [d.pk for d in every[2:7]]
    # A fresh first page shows the new deals.
    assert _ids(client.get(f"/clubs/{table.club.slug}/deals/").content.decode())[:2] == [
        d.pk for d in every[:2]
    ]


def test_an_odd_upto_is_ignored(make_table, players):
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    for odd in ("-1", "1e9", "９９", "9" * 40, "abc", "0"):
        response = client.get(f"/clubs/{table.club.slug}/deals/", {"upto": odd, "page": "1"})
        assert response.status_code == 200, odd
        shown = _ids(response.content.decode())
        assert shown == ([] if odd == "0" else [deal.pk]), odd


def test_page_zero_is_the_first_page(make_table, players, monkeypatch):
    """"?page=0" opened the last (oldest) page: Django's paginator answers any page out of range
    with the last one (review 63's note)."""
    monkeypatch.setattr(history, "PAGE_SIZE", 2)
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    for _ in range(5):
        play_deal_as_people(start_deal(table), players)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    url = f"/clubs/{table.club.slug}/deals/"
    first = _ids(client.get(url).content.decode())
    assert _ids(client.get(url, {"page": "0"}).content.decode()) == first
    assert _ids(client.get(url, {"page": "000"}).content.decode()) == first
