"""Review 150: a leaderboard of 200 players printed its 2,400 numbers each through the locale's
formats (``localize``: about a third of the page's 0.3 s here). They are whole numbers, which
USE_THOUSAND_SEPARATOR=False prints as str() does: the rows print them so, as My chips' statement
and the deal's journals do, and read the same in every language."""

from __future__ import annotations

import pytest
from django.template import base
from django.test import Client
from django.utils import formats, timezone

from club.models import Membership
from games.models import PlayerStats
from games.stats_read import today_utc

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_active_zone():
    timezone.deactivate()


def test_the_board_rows_print_numbers_without_locale_lookups(club, players, make_user, monkeypatch):
    members = Membership.objects.bulk_create(
        [Membership(club=club, user=make_user(f"board{i}x")) for i in range(40)]
    )
    PlayerStats.objects.bulk_create(
        [
            PlayerStats(club=club, member=m, day=today_utc(), deals=1000 + i, deals_won=i, net=i * 37 - 700,
                        tricks=12345 + i, biggest_bank_won=i, seconds_played=3600 + i)
            for i, m in enumerate(members)
        ]
    )
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    url = f"/clubs/{club.slug}/leaderboard/?period=week"
    calls: list[object] = []
    real = formats.localize

    def counted(value, use_l10n=None):
        if isinstance(value, int) and not isinstance(value, bool) and use_l10n is not False:
            calls.append(value)  # a number looked up in the locale's formats
        return real(value, use_l10n)

    monkeypatch.setattr(base, "localize", counted)  # what a template prints goes through it
    for language in ("en", "ru", "bg"):
        client.cookies["django_language"] = language
        html = client.get(url).content.decode()
        for i in (0, 39):
            assert f'<td class="num">{1000 + i}</td>' in html
            assert f'<td class="num">{12345 + i}</td>' in html
        assert '<td class="num">-700</td>' in html and '<td class="num">+743</td>' in html
    assert len(calls) < 40, calls[:20]
