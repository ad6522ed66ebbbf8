"""The grant form said "свыше 21 фишек" and "Над 1 чипа" under a club whose second-manager threshold
ends in 1: the sentence was one string for every number; it now takes the number's plural."""

from __future__ import annotations

import re

import pytest

from .conftest import logged_in

pytestmark = pytest.mark.django_db


def _said(club, owner, language: str, threshold: int) -> str:
    club.four_eyes_above = threshold
    club.save(update_fields=["four_eyes_above"])
    client = logged_in(owner)
    client.cookies["django_language"] = language
    page = client.get(club.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return re.sub(r"\s+", " ", page)


@pytest.mark.parametrize(
    ("language", "threshold", "words"),
    [
        ("ru", 21, "Выдачи и изъятия свыше 21 фишки, а также"),
        ("ru", 1, "Выдачи и изъятия свыше 1 фишки, а также"),
        ("ru", 5000, "Выдачи и изъятия свыше 5000 фишек, а также"),
        ("ru", 22, "Выдачи и изъятия свыше 22 фишек, а также"),
        ("bg", 1, "Над 1 чип, както и всяко отпускане"),
        ("bg", 5000, "Над 5000 чипа, както и всяко отпускане"),
    ],
)
def test_the_second_manager_threshold_is_said_with_its_plural(club, owner, language, threshold, words):
    assert words in _said(club, owner, language, threshold)
