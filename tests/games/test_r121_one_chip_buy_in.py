"""Review 121: a buy-in refused for want of chips said "You have 1 chips; this buy-in needs 50." The
sentence is plural-aware now (its number is the balance), in every language the table speaks."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.services.errors import TableError


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def test_one_chip_is_said_in_the_singular():
    assert TableError("not_enough_chips", balance=1, needed=50).message == (
        "You have 1 chip; this buy-in needs 50."
    )
    assert TableError("not_enough_chips", balance=7, needed=50).message == (
        "You have 7 chips; this buy-in needs 50."
    )


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ru", "Фишек у вас: 1, а для этого входа нужно 50."),
        ("bg", "Чиповете ви са 1, а за този вход са нужни 50."),
    ],
)
def test_russian_and_bulgarian(language, words):
    with translation.override(language):
        assert str(TableError("not_enough_chips", balance=1, needed=50)) == words


def test_other_sentences_still_take_their_values():
    assert (
        TableError("buy_in_range", low=100, high=500).message
        == "Bring between 100 and 500 chips to this table."
    )
