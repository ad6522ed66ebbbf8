"""The table's key hint told Russian and Bulgarian players to switch to the Latin layout ("латинская
раскладка"), though the keys are read by their place on the keyboard (P is the key marked "З" on a
Russian one): a player switched layouts for nothing, or gave up on the keys. It says the letters are
the Latin ones on the keys, with no switch needed."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [
        ("ru", "раскладку переключать не нужно", "латинская раскладка"),
        ("bg", "без смяна на подредбата", "латинска подредба"),
    ],
)
def test_the_key_hint_needs_no_layout_switch(make_table, players, language, said, not_said) -> None:
    table = make_table()
    reader = players[0]
    reader.preferred_language = language
    reader.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(reader, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert said in page
    assert not_said not in page
