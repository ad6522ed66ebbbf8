"""Review 150: the winning-hand chart of a player who won more deals than it reads said "From 300
deals won" (its caption "in the deals the player won"), as if he had won 300 in all: it reads his
latest 300 deals won, and says so (en, ru, bg). A player of fewer wins reads "From 12 deals won"."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone, translation

from club.models import Membership
from games.models import Deal, DealPlayer
from games.stats_charts import hand_svg
from games.stats_read import player_winning_hand

from .conftest import sit_all
from .many_deals import deal_copies

pytestmark = pytest.mark.django_db

CARDS = [{"rank": "A", "trump": True, "share": 100}]
LATEST = {
    "en": "From the latest 300 deals the player won:",
    "ru": "По последним выигранным сдачам (300):",
    "bg": "От последните спечелени раздавания (300):",
}
CAPTION = {
    "en": "in the latest 300 deals the player won",
    "ru": "в последних 300 выигранных игроком сдачах",
    "bg": "в последните 300 спечелени от играча раздавания",
}


@pytest.fixture(autouse=True)
def _no_active_zone():
    timezone.deactivate()


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_chart_says_latest_when_it_read_as_many_as_it_reads(language):
    with translation.override(language):
        assert LATEST[language] in str(hand_svg(CARDS, hands=300, latest=True))
        fewer = str(hand_svg(CARDS, hands=12))
    assert LATEST[language].replace("300", "12") not in fewer


def _a_deal_won(table, players, play_deals) -> tuple[Deal, DealPlayer]:
    for _ in range(40):
        (deal,) = play_deals(table, players, 1)
        row = DealPlayer.objects.filter(deal=deal, net__gt=0, member__isnull=False).first()
        if deal.result == "played" and row is not None:
            return deal, row
    pytest.skip("nobody won a deal in 40")


def test_the_hand_says_whether_it_stopped_at_its_limit(make_table, players, play_deals, club):
    table = make_table()
    sit_all(table, players)
    deal, row = _a_deal_won(table, players, play_deals)
    member = Membership.objects.get(pk=row.member_id)
    deal_copies(deal, 2, log=True)
    assert player_winning_hand(membership=member, limit=3)["latest"] is True
    assert player_winning_hand(membership=member)["latest"] is False

    client = Client()
    client.force_login(member.user, backend="django.contrib.auth.backends.ModelBackend")
    for language, words in CAPTION.items():
        client.cookies["django_language"] = language
        html = client.get(f"/clubs/{club.slug}/players/{member.user.username}/").content.decode()
        assert words in html, language
