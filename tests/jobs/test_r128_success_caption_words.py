"""Review 128: the player page's "Success rate per status" caption said "two for a snore, three in
five-card games; one for a help or a five" whatever game the player's bars were of: a Frap player read
it under bars named frap and whist. It names the tricks each bar promised, in the bar's words."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from club.models import Membership
from games.engine.rules import Rules
from games.presenter import status_words
from games.stats_read import success_caption

from .conftest import sit_all, start_deal
from .test_r126_success_chart_words import _first_snores_the_others_pass

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _utc():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _caption(html: str) -> str:
    """The second chart's caption (the net chips' chart comes first)."""
    return html.split("<figcaption")[2].split("</figcaption>")[0]


def test_a_frap_players_caption_names_his_frap(
    make_table, players, django_capture_on_commit_callbacks
) -> None:
    table = make_table("frap")
    sit_all(table, players)
    with django_capture_on_commit_callbacks(execute=True):
        deal = _first_snores_the_others_pass(start_deal(table))
    snorer = Membership.objects.select_related("user").get(pk=deal.deal_players.get(status="snore").member_id)
    need = Rules.from_json(table.rules).snore_tricks
    client = Client()
    client.force_login(table.club.created_by)
    url = reverse("club_player", args=[table.club.slug, snorer.user.username])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    caption = _caption(html)
    assert f"frap: {need} tricks" in caption, caption
    assert "snore" not in caption and "help" not in caption and "five" not in caption, caption
    with translation.override("ru"):
        frap = status_words("frap")["snore"]
    ru = _caption(client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode())
    assert f"{frap}: {need} взятки" in ru and "храп" not in ru, ru


def test_a_bar_of_tables_of_two_counts_says_both() -> None:
    rows = [
        {"label": "snore", "tricks": [2, 3], "rate": 50, "made": 1, "deals": 2},
        {"label": "help", "tricks": [1], "rate": 100, "made": 1, "deals": 1},
    ]
    with translation.override("en"):
        assert success_caption(rows) == (
            "Deals in which the player took the tricks the status promised"
            " (snore: 2 or 3 tricks; help: 1 trick)."
        )
    with translation.override("ru"):
        assert "(snore: 2 или 3 взятки; help: 1 взятка)" in success_caption(rows)
