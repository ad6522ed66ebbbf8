"""Review 63: the site writes a person's username as "@vera" (his page, the members list); typed so
into the deal list's "Player (username)" box it answered "No player has this username." and no deal.
The name is read without the "@" when nobody has it with one (a username may itself start with "@")."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from club.services import membership_join

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _listed(client: Client, slug: str, typed: str) -> tuple[set[int], bool]:
    html = client.get(f"/clubs/{slug}/deals/", {"player": typed}).content.decode()
    return {int(n) for n in re.findall(r'href="/deals/(\d+)/"', html)}, "No player has this username." in html


def test_a_username_typed_with_its_at_sign(make_table, players, make_user):
    table = make_table()
    vera, gleb = players[:2]
    sit_all(table, [vera, gleb])
    deal = play_deal_as_people(start_deal(table), [vera, gleb])
    client = Client()
    client.force_login(gleb, backend="django.contrib.auth.backends.ModelBackend")
    slug = table.club.slug
    assert _listed(client, slug, vera.username) == ({deal.pk}, False)
    assert _listed(client, slug, f"@{vera.username}") == ({deal.pk}, False)
    assert _listed(client, slug, f" @{vera.username.upper()} ") == ({deal.pk}, False)
    # Someone whose username starts with "@" is found by it, not by the name without it.
    at = make_user(f"@{players[2].username}x")
    membership_join(club=table.club, user=at)
    assert _listed(client, slug, at.username) == (set(), False)
    assert _listed(client, slug, "@nobody-at-all") == (set(), True)
