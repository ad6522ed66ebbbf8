"""A sentence of a page is one entry of the catalogues, not pieces translated apart around markup:
the deal page said "{The scenario file replays with} <code>…</code> {and checks with} <code>…</code>.",
two halves a translator could neither reorder nor see together."""

from __future__ import annotations

import re
from pathlib import Path

from django.template import Context, Template
from django.utils import translation

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
#: A translated piece that carries on, in small letters, the sentence an inline element began.
CONTINUED = re.compile(
    r"</(?:a|code|strong|em|b|span)>\s*\{%\s*translate\s+([\"'])([a-z][^\"']*)\1\s*%\}"
)


def test_no_sentence_is_translated_in_pieces_around_markup():
    pieces = [
        f"{path.relative_to(TEMPLATES)}: {match.group(2)!r}"
        for path in TEMPLATES.rglob("*.html")
        for match in CONTINUED.finditer(path.read_text(encoding="utf-8"))
    ]
    assert pieces == []


def test_the_deal_pages_command_line_sentence_reads_whole_in_russian_and_bulgarian():
    page = (TEMPLATES / "games" / "deal.html").read_text(encoding="utf-8")
    line = next(text for text in page.splitlines() if "games.engine.replay" in text)
    template = Template("{% load i18n %}" + line)
    with translation.override("ru"):
        said = template.render(Context())
    assert "Файл сценария воспроизводится командой <code>python -m games.engine.replay FILE</code>" in said
    assert "и проверяется командой <code>python -m games.engine.verify FILE</code>." in said
    with translation.override("bg"):
        said = template.render(Context())
    assert "Файлът със сценарий се възпроизвежда с <code>python -m games.engine.replay FILE</code>" in said
    assert "и се проверява с <code>python -m games.engine.verify FILE</code>." in said
