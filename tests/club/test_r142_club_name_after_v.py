"""Review 142: a newcomer's own Russian pages put the club's name, as written, after "в", which
declines what follows it: the invite page was headed "Приглашение в Одобрение", joining said
"Добро пожаловать в Приглашение!" and withdrawing a request "Ваша заявка на вступление в Одобрение
отозвана." (a club named with a noun reads as broken Russian; "в клуб «…»" is how Russian says it).
They say "в клуб %(club)s" now, as the catalogue's other lines say "клуба %(club)s"."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from .conftest import client_for
from .test_r142_names_after_case_words import CATALOGUES, _translations

BARE_CLUB = re.compile(r"(?<![\w-])(?:в|из|для|у|от|к)\s+%\(club\)s")


@pytest.fixture(autouse=True)
def _no_time_zone() -> None:
    timezone.deactivate()


def test_no_club_name_stands_bare_after_a_preposition() -> None:
    bare = [text for path in CATALOGUES for text in _translations(path) if BARE_CLUB.search(text)]
    assert bare == [], bare


def test_a_newcomer_is_welcomed_to_the_club_in_russian(club, stranger) -> None:
    client = client_for(stranger)
    client.cookies["django_language"] = "ru"
    page = client.post(f"{club.get_absolute_url()}join/", follow=True).content.decode()
    assert f"Добро пожаловать в клуб {club.name}!" in page
