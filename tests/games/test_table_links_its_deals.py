"""The live table shows a deal's settlement only in the pause before the next deal: a player who
looked away for a few seconds had no way from the table to the deal just played. The table page
links to the deals played at it, and that list holds the deal."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Deal

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def test_the_table_page_leads_to_the_deals_played_at_it(make_table, players):
    table = make_table()
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    deal = Deal.objects.get(session=table, finished_at__isnull=False)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/tables/{table.pk}/").content.decode()
    link = re.search(r'<a href="([^"]+)">Deals played at this table</a>', page)
    assert link, "no link to the table's deals"
    listing = client.get(link.group(1).replace("&amp;", "&"))
    assert listing.status_code == 200
    assert f"/deals/{deal.pk}/" in listing.content.decode()
    assert table.title in listing.content.decode()
