"""Review 157: "Look back at this deal and check it" goes where its words say.

Under a finished deal's seed the frame links to the deal's page, where the deal is replayed and its
cards checked. The deal page draws the same frame, and the link led to the page it was on; on the
replay's last step it led back out of the replay. On the deal page it now says and leads to the replay
(the page's own links below offer the check); the replay, which is the looking back, has none.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db

LOOK_BACK = "Look back at this deal and check it"


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()


@pytest.fixture
def deal(make_table, players):
    table = make_table()
    sit_all(table, players[:4])
    return play_deal_as_people(start_deal(table), players[:4])


def _page(user, url: str, language: str = "en") -> str:
    client = Client(headers={"accept-language": language})
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_the_deal_page_does_not_link_to_itself(deal, players):
    page = _page(players[0], f"/deals/{deal.pk}/")
    assert f'href="/deals/{deal.pk}/"' not in page
    assert LOOK_BACK not in page
    seed_line = page.split('<p class="fairness muted small">', 1)[1].split("</p>", 1)[0]
    assert f'href="/deals/{deal.pk}/replay/"' in seed_line
    # The cards' check is the page's own link, once: two of the same name read as two things.
    assert page.count(f'href="/fairness/?deal={deal.pk}"') == 1


def test_the_replays_last_step_has_no_look_back_link(deal, players):
    page = _page(players[0], f"/deals/{deal.pk}/replay/?step={deal.seq}")
    assert "Seed, revealed after the deal" in page  # the last step shows the seed
    assert LOOK_BACK not in page


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_the_deal_pages_links_are_in_the_readers_language(deal, players, language):
    page = _page(players[0], f"/deals/{deal.pk}/", language)
    seed_line = page.split('<p class="fairness muted small">', 1)[1].split("</p>", 1)[0]
    assert "Replay this deal" not in seed_line and "/replay/" in seed_line
