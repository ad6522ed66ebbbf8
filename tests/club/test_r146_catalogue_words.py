"""Review 146: the Russian and Bulgarian a player reads, checked on the compiled catalogues (what the
site actually serves), one test per kind of fault found by reading them whole."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _translations(lang: str) -> dict[str, str]:
    """msgid -> every translated form, joined, for the project's and the games app's catalogues."""
    found: dict[str, str] = {}
    for base in ("locale", "games/locale"):
        with (ROOT / base / lang / "LC_MESSAGES" / "django.mo").open("rb") as handle:
            catalog = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
        for key, text in catalog.items():
            if key == "":
                continue
            msgid = key[0] if isinstance(key, tuple) else key
            found[msgid] = f"{found[msgid]} | {text}" if msgid in found else text
    return found


def _offending(lang: str, pattern: str) -> list[str]:
    rule = re.compile(pattern)
    return sorted(f"{msgid!r}: {text!r}" for msgid, text in _translations(lang).items() if rule.search(text))


def test_russian_calls_a_deal_sdacha_everywhere():
    # The Russian sources call the dealer "сдающий" and the catalogues mostly said "сдача"; a third of
    # the deal pages said "раздача" for the same thing.
    assert not _offending("ru", r"(?i)\bраздач"), "\n".join(_offending("ru", r"(?i)\bраздач"))
