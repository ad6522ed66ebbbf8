"""Review 57: the language switch names each language in itself ('English', 'Русский', 'Български'),
but nothing said which language each name was in: a Russian page's screen reader read 'English' with
its Russian voice (WCAG 3.1.2, language of parts). Each option carries its own lang."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_each_language_s_name_is_marked_with_its_language(language) -> None:
    client = Client()
    client.cookies["django_language"] = language
    html = client.get("/").content.decode()
    assert f'<html lang="{language}">' in html
    options = re.findall(r"<option ([^>]*)>([^<]*)</option>", html)
    named = {re.search(r'value="([^"]+)"', attrs).group(1): attrs for attrs, _name in options}
    assert set(named) >= {"en", "ru", "bg"}, options
    for code in ("en", "ru", "bg"):
        assert f'lang="{code}"' in named[code], named[code]
