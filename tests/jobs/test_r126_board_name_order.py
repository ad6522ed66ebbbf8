"""Review 126: the leaderboard sorted by name put names in the order of their letters' code points:
"Ёлка" after "Яна" (ё is a code point past я), and "Émile" after "Zora" (é past z). A reader looks
for Ёлка among the Е's and Émile among the E's: a letter with a mark sorts with its letter now (ё
right after е, as a Russian index has it; й stays a letter of its own, after и)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from club.models import Membership
from games.models import PlayerStats
from games.stats_read import leaderboard

pytestmark = pytest.mark.django_db


def _board_by_name(club, players, names: list[str]) -> list[str]:
    for user, name in zip(players, names, strict=True):
        get_user_model().objects.filter(pk=user.pk).update(display_name=name)
    rows = leaderboard(club=club, period="all", sort="player", descending=False)
    return [row.member.user.shown_name for row in rows]


def test_names_with_marks_sort_with_their_letters(club, players) -> None:
    for user in players:
        PlayerStats.objects.create(
            club=club, member=Membership.objects.get(club=club, user=user), day=timezone.now().date(), deals=1
        )
    assert _board_by_name(club, players, ["Яна", "Ёлка", "Ева", "Жора"]) == ["Ева", "Ёлка", "Жора", "Яна"]
    assert _board_by_name(club, players, ["Zora", "Émile", "Ada", "Fred"]) == ["Ada", "Émile", "Fred", "Zora"]
    # Й is a letter of its own: after И, not among them.
    assert _board_by_name(club, players, ["Йода", "Ира", "Инна", "Кира"]) == ["Инна", "Ира", "Йода", "Кира"]
