"""Review 74: the Fairness page's test vector, computed in the browser, answered with a bare "✓" or
"✗": a screen reader set to skip symbols said nothing, others "check mark" in whatever voice, and the
words of the answer were in no language. It says in the page's language whether the browser got the
same commitment and deck."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("language", "button", "said"),
    [
        ("ru", "Вычислить в этом браузере", "совпадают"),
        ("bg", "Изчисли в този браузър", "съвпадат"),
    ],
)
def test_the_test_vector_s_answer_is_said_in_words(
    live_server, browser: Browser, language: str, button: str, said: str
) -> None:
    page = browser.new_context().new_page()
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(f"{live_server.url}/fairness/")
    page.get_by_role("button", name=button).click()
    result = page.locator("#vector-result")
    expect(result).to_have_attribute("role", "status")
    expect(result).to_contain_text(re.compile(said, re.IGNORECASE))
