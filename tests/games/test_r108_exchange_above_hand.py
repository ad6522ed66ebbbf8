"""Review 108: a rule change asking an exchanger for more cards than a hand holds was taken.

``exchange_snorer`` and ``exchange_helper`` are the fewest and most cards a snorer or a helper may
change (RULES.md 4.3). A manager who wrote ``{"exchange_snorer": [9, 9]}`` at a table of four-card
hands opened it: its how-to said the snorer "may change 9 to 9 cards", and at the table his turn to
exchange passed by itself every time (no count from 9 to 9 fits a hand of 4), so nobody ever changed
a card. Found writing rule changes that contradict each other into the "open a table" form as a
manager. A fewest above ``hand_size`` is now refused in the manager's language, and nothing is opened;
tables opened before keep loading (the check is the new table's, as the holds' in review 37)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.engine import RulesError
from games.engine.rules import rules_with_overrides, table_rules_check
from games.models import TableSession
from games.rules_errors import rules_error_text

from .conftest import TABLE_FORM


@pytest.mark.parametrize(
    ("preset", "overrides", "name"),
    [
        ("classic", {"exchange_snorer": [9, 9]}, "exchange_snorer"),
        ("classic", {"exchange_helper": [5, 6]}, "exchange_helper"),
        ("classic", {"hand_size": 3, "snore_tricks": 2, "exchange_snorer": [4, 4]}, "exchange_snorer"),
        ("khrap5", {"exchange_helper": [6, 6]}, "exchange_helper"),
    ],
)
def test_a_fewest_above_the_hand_is_refused(preset: str, overrides: dict, name: str) -> None:
    with pytest.raises(RulesError) as caught:
        table_rules_check(rules_with_overrides(preset, overrides))
    assert caught.value.code == "exchange_above_hand"
    english = rules_error_text(caught.value)
    assert english == f"{name} cannot ask for more cards than hand_size"
    for language in ("ru", "bg"):
        with translation.override(language):
            shown = rules_error_text(caught.value)
        assert shown != english and name in shown and "%(" not in shown


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        ("classic", {"exchange_snorer": [4, 4]}),
        ("classic", {"exchange_snorer": [1, 9]}),  # the most is capped by the hand and the stock
        ("khrap5", {"exchange_helper": [5, 5]}),
        ("classic", {}),
    ],
)
def test_a_fewest_the_hand_holds_is_taken(preset: str, overrides: dict) -> None:
    table_rules_check(rules_with_overrides(preset, overrides))


def test_the_form_says_it_and_opens_nothing(client, owner, club) -> None:
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    data = {**TABLE_FORM, "overrides": '{"exchange_snorer": [9, 9]}'}
    response = client.post(f"/clubs/{club.slug}/tables/new/", data)
    assert response.status_code == 422
    said = re.search(r'id="id_overrides_error"><li>(.*?)</li>', response.content.decode())
    assert said is not None
    assert said.group(1) == (
        "These rule changes are not valid: exchange_snorer cannot ask for more cards than hand_size"
    )
    assert not TableSession.objects.filter(club=club).exists()


def test_old_rules_still_load() -> None:
    rules = rules_with_overrides("classic", {"exchange_snorer": [9, 9]})
    assert rules.exchange_snorer == (9, 9)
