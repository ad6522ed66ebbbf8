"""The rules pages said "52 карт" and "32 карт на 2–4 игроков": a deck's size was one string for
every number, and Russian wants "карты" after 32 and 52 (as after 2, 3, 4)."""

from __future__ import annotations

import re

import pytest
from django.test import Client


def _page(preset: str, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.cookies["django_language"] = language
    response = client.get(f"/rules/{preset}/")
    assert response.status_code == 200
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.mark.django_db
def test_the_rules_pages_say_32_and_52_cards_in_russian():
    zone52 = _page("zone52", "ru")
    assert "52 карты" in zone52 and "52 карт " not in zone52 and "52 карт." not in zone52
    frap = _page("frap", "ru")
    assert "32 карты на 2–4 игроков; 36 карт на 5–6 игроков; 52 карты на 7–12 игроков" in frap
    moryak = _page("moryak", "ru")
    assert "36 карт на 2–6 игроков; 52 карты на 7–8 игроков" in moryak


@pytest.mark.django_db
def test_the_rules_pages_say_cards_in_bulgarian():
    assert "32 карти за 2–4 играчи; 36 карти за 5–6 играчи" in _page("khrap5", "bg")
    assert "52 карти" in _page("zone52", "bg")
