"""Review 54: a rule named twice in a table's rule changes.

The "open a table" form (and the admin's) takes rule changes as JSON. ``{"mourn": false, "mourn":
true}`` opened a table that plays one of the two (Python keeps the last key without a word): a
manager who pasted the placeholder's ``exchange_snorer`` and then wrote his own below it got whichever
came last. Scenario files refuse a key named twice (review 38); the form now does too, in the
reader's language, and opens nothing.
"""

from __future__ import annotations

import pytest
from django.test import Client

from club.models import AuditLog
from games.models import TableSession

from .conftest import TABLE_FORM

pytestmark = pytest.mark.django_db

SAID = {
    "en": "The rule “{}” is given twice",
    "ru": "Правило «{}» указано дважды",
    "bg": "Правилото „{}“ е посочено два пъти",
}


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
@pytest.mark.parametrize(
    ("overrides", "name"),
    [
        ('{"mourn": false, "mourn": true}', "mourn"),
        ('{"exchange_snorer": [1, 3], "mourn": false, "exchange_snorer": [0, 2]}', "exchange_snorer"),
        ('{"mourn": false, "mourn": false}', "mourn"),
    ],
)
def test_a_rule_named_twice_is_refused_and_opens_nothing(club, owner, language, overrides, name):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.cookies["django_language"] = language
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    tables, audit = TableSession.objects.count(), AuditLog.objects.count()
    response = client.post(f"/clubs/{club.slug}/tables/new/", {**TABLE_FORM, "overrides": overrides})
    assert response.status_code == 422
    assert SAID[language].format(name) in response.content.decode()
    assert TableSession.objects.count() == tables and AuditLog.objects.count() == audit


def test_a_rule_named_once_still_opens_the_table(club, owner):
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(
        f"/clubs/{club.slug}/tables/new/", {**TABLE_FORM, "overrides": '{"mourn": false, "hand_size": 5}'}
    )
    assert response.status_code == 302
    assert TableSession.objects.get(title="Friday").rules["mourn"] is False


@pytest.mark.parametrize(
    ("overrides", "shown"),
    [
        ('{"\\ud800": 1, "\\ud800": 2}', "\\ud800"),
        ('{"x\\u202ey": 1, "x\\u202ey": 2}', "x\\u202ey"),
        ('{"\\u0000": 1, "\\u0000": 2}', "\\x00"),
    ],
)
def test_a_name_given_twice_is_shown_with_its_invisible_characters_spelled_out(club, owner, overrides, shown):
    """The name is echoed as the rules' own errors echo one: a lone surrogate could not even be sent
    in the page (a 500), and a right-to-left mark turned the sentence round."""
    client = Client(raise_request_exception=False)
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(f"/clubs/{club.slug}/tables/new/", {**TABLE_FORM, "overrides": overrides})
    assert response.status_code == 422
    assert f"The rule “{shown}” is given twice" in response.content.decode()
    assert not TableSession.objects.exists()
