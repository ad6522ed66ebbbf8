"""The locked-out page says how long the lock lasts in words of the reader's language: it printed
Python's timedelta, "1:00:00" for an hour and "1 day, 0:00:00" (English) for a day."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _locked_page(language: str) -> str:
    client = Client(REMOTE_ADDR="198.51.100.20", HTTP_ACCEPT_LANGUAGE=language)
    for k in range(6):
        response = client.post(reverse("login"), {"username": "anna", "password": f"wrong{k}"})
    assert response.status_code == 429
    return response.content.decode()


@pytest.mark.parametrize(
    ("hours", "language", "words"),
    [
        (24, "ru", "1\xa0день"),
        (24, "bg", "1\xa0ден"),
        (1, "ru", "1\xa0час"),
        (1.5, "en", "1\xa0hour, 30\xa0minutes"),
    ],
)
def test_the_lock_is_told_in_words(make_user, hours, language, words):
    make_user("anna")
    with override_settings(AXES_COOLOFF_TIME=hours):
        page = _locked_page(language)
    assert words in page, page[page.find("<main") : page.find("</main>")]
    assert "0:00" not in page and " day," not in page
