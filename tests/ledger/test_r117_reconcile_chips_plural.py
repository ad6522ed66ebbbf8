"""Review 117: reconciliation's differences, as a club's managers read them in the log, said every
amount of chips in one form: "записано 1 фишек", "осталось 21 фишек" in Russian, "1 чипа" in
Bulgarian, "1 chips" in English. Each sentence that counts chips now has its plural forms."""

from __future__ import annotations

import pytest
from django.utils import translation

from ledger.labels import differences_words

pytestmark = pytest.mark.django_db


def _said(check: str, stored: int, language: str) -> str:
    difference = {"check": check, "account": None, "stored": stored, "from_entries": 0, "deal": 7}
    with translation.override(language):
        return differences_words([difference])


@pytest.mark.parametrize(
    "check, stored, language, words",
    [
        ("account_balance", 1, "en", "1 chip on record, 0 by its entries"),
        ("account_balance", 2, "en", "2 chips on record, 0 by its entries"),
        ("account_balance", 1, "ru", "записана 1 фишка, по записям 0"),
        ("account_balance", 21, "ru", "записана 21 фишка, по записям 0"),
        ("account_balance", 3, "ru", "записано 3 фишки, по записям 0"),
        ("account_balance", 11, "ru", "записано 11 фишек, по записям 0"),
        ("account_balance", 1, "bg", "записан 1 чип, по записите 0"),
        ("account_balance", 5, "bg", "записани 5 чипа, по записите 0"),
        ("negative_balance", -1, "en", "is below zero: -1 chip"),
        ("negative_balance", -1, "ru", "ниже нуля, -1 фишка"),
        ("negative_balance", -5, "ru", "ниже нуля, -5 фишек"),
        ("negative_balance", -1, "bg", "под нулата, -1 чип"),
        ("stranded_hold", 1, "en", "1 chip left in it after deal #7 ended"),
        ("stranded_hold", 1, "ru", "осталась 1 фишка после конца сдачи №7"),
        ("stranded_hold", 2, "ru", "осталось 2 фишки после конца сдачи №7"),
        ("stranded_hold", 1, "bg", "остана 1 чип след края на раздаване №7"),
        ("stranded_bank", 1, "en", "1 chip left in the bank of a closed table"),
        ("stranded_bank", 31, "ru", "в банке закрытого стола осталась 31 фишка"),
        ("stranded_bank", 1, "bg", "в банката на затворена маса остана 1 чип"),
        ("stranded_stack", 1, "en", "1 chip left in it at a closed table"),
        ("stranded_stack", 9, "en", "9 chips left in it at a closed table"),
        ("stranded_stack", 1, "ru", "на закрытом столе в нём осталась 1 фишка"),
        ("stranded_stack", 4, "ru", "на закрытом столе в нём осталось 4 фишки"),
        ("stranded_stack", 1, "bg", "на затворена маса в него остана 1 чип"),
        ("stranded_stack", 2, "bg", "на затворена маса в него останаха 2 чипа"),
    ],
)
def test_chips_are_counted_in_the_right_form(check: str, stored: int, language: str, words: str) -> None:
    said = _said(check, stored, language)
    assert words in said, said
