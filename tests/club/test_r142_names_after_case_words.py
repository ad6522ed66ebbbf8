"""Review 142: Russian lines put a person's name, filled in as written (nominative), where Russian
wants another case: "Заявка Руслан отклонена." (the request of Руслан: genitive, Руслана), "У Руслан
уже есть эта роль.", "Сделать Руслан владельцем" (accusative), "Ход за Руслан сделан
автоматически:", "Учётная запись Руслан, запросившего это, отключена". A name cannot be declined
by the site, so the catalogue's own way is a noun that carries the case, the name beside it in the
nominative ("участнику %(member)s", "пользователя %(name)s"). This reads the compiled Russian
catalogues and finds no name straight after a word that would have to decline it."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = [ROOT / "locale/ru/LC_MESSAGES/django.mo", ROOT / "games/locale/ru/LC_MESSAGES/django.mo"]

#: Placeholders that stand for a person's name in this site's strings.
PERSON = r"%\((?:name|member|who|username|manager)\)s"
#: Words after which a Russian name must leave the nominative (a preposition or a noun it belongs to).
NEEDS_CASE = r"(?:за|для|у|У|от|к|без|вместо|Заявка|заявка|Просьба|Сделать|запись|вход|Вход|входы)"
BARE = re.compile(rf"(?<![\w-]){NEEDS_CASE}\s+{PERSON}")


def _translations(path: Path) -> list[str]:
    with path.open("rb") as handle:
        catalogue = gettext.GNUTranslations(handle)
    return [text for text in catalogue._catalog.values() if text]  # type: ignore[attr-defined]


def test_no_name_stands_bare_where_russian_would_decline_it() -> None:
    bare = [text for path in CATALOGUES for text in _translations(path) if BARE.search(text)]
    assert bare == [], bare


def test_the_rule_finds_the_lines_it_is_about() -> None:
    assert BARE.search("Заявка %(name)s отклонена.")
    assert BARE.search("Ход за %(name)s сделан автоматически:")
    assert not BARE.search("Ход за игрока %(name)s сделан автоматически:")
    assert not BARE.search("поле «%(name)s» недопустимо.")
