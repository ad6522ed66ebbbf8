"""The Russian and Bulgarian catalogues are complete, their compiled .mo files are what their .po files
say, and they are up to date with the code: a string added without a translation fails here, not on a
page that suddenly speaks English.

The .po files are read with a small parser of our own (no polib); the .mo files with the standard
library's ``gettext``. A .mo is compared with its .po by content, not by file time: a clone sets every
file's time to the moment of the checkout.
"""

from __future__ import annotations

import ast
import gettext
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("ru", "bg")
#: Every catalogue the project ships: the project's own (templates, club, ledger) and the games app's.
CATALOGUES = [
    ROOT / base / lang / "LC_MESSAGES" / "django.po"
    for base in ("locale", "games/locale")
    for lang in LANGUAGES
]
NAMED = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]")
POSITIONAL = re.compile(r"%(?!\()[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]")


@dataclass
class Entry:
    line: int
    flags: set[str] = field(default_factory=set)
    msgctxt: str | None = None
    msgid: str | None = None
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    obsolete: bool = False

    @property
    def label(self) -> str:
        ctxt = f"[{self.msgctxt}] " if self.msgctxt is not None else ""
        return f"line {self.line}: {ctxt}{self.msgid!r}"


def _unquote(text: str) -> str:
    text = text.strip()
    assert text.startswith('"') and text.endswith('"'), text
    return ast.literal_eval(text)


def parse_po(path: Path) -> list[Entry]:
    """Entries of a .po file, the header (msgid "") included, obsolete (#~) ones marked."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int | None] | None = None
    keyword = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$')
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
            if line.startswith("|"):  # "#~|": the previous msgid of an obsolete entry
                continue
        if not line:
            current, target = None, None
            continue
        if line.startswith("#"):
            if current is not None and current.msgid is not None:
                current, target = None, None  # comments start the next entry
            if current is None:
                current = Entry(line=number)
                entries.append(current)
            if line.startswith("#,"):
                current.flags |= {flag.strip() for flag in line[2:].split(",") if flag.strip()}
            continue
        match = keyword.match(line)
        if match:
            name, index, value = match.groups()
            if current is None or (name in ("msgctxt", "msgid") and current.msgid is not None):
                current = Entry(line=number)
                entries.append(current)
            current.obsolete = current.obsolete or obsolete
            if name.startswith("msgstr"):
                target = ("msgstr", int(index) if index is not None else 0)
                current.msgstr[target[1]] = _unquote(value)
            else:
                target = (name, None)
                setattr(current, name, _unquote(value))
            continue
        if line.startswith('"') and current is not None and target is not None:
            name, index = target
            if name == "msgstr":
                current.msgstr[index] += _unquote(line)
            else:
                setattr(current, name, getattr(current, name) + _unquote(line))
            continue
        raise AssertionError(f"{path}:{number}: cannot read {raw!r}")
    return [e for e in entries if e.msgid is not None]


def _active(entries: list[Entry]) -> list[Entry]:
    return [e for e in entries if not e.obsolete and e.msgid != ""]


def _header(entries: list[Entry]) -> dict[str, str]:
    header = next(e for e in entries if e.msgid == "" and not e.obsolete).msgstr[0]
    pairs = (line.split(":", 1) for line in header.splitlines() if ":" in line)
    return {key.strip(): value.strip() for key, value in pairs}


def _nplurals(entries: list[Entry]) -> int:
    match = re.search(r"nplurals\s*=\s*(\d+)", _header(entries).get("Plural-Forms", ""))
    assert match, "the header has no Plural-Forms"
    return int(match.group(1))


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_every_catalogue_exists_with_its_compiled_file():
    for po in CATALOGUES:
        assert po.is_file(), _name(po)
        assert po.with_suffix(".mo").is_file(), f"{_name(po)} is not compiled: run make messages"
        assert len(_active(parse_po(po))) > 50, f"{_name(po)} looks empty"


@pytest.mark.parametrize("po", CATALOGUES, ids=_name)
def test_catalogue_is_fully_translated(po: Path):
    entries = parse_po(po)
    nplurals = _nplurals(entries)
    problems = []
    for entry in _active(entries):
        if "fuzzy" in entry.flags:
            problems.append(f"{entry.label} is fuzzy")
        if entry.msgid_plural is None:
            if set(entry.msgstr) != {0} or not entry.msgstr[0]:
                problems.append(f"{entry.label} has no translation")
        else:
            missing = [i for i in range(nplurals) if not entry.msgstr.get(i)]
            if missing or set(entry.msgstr) != set(range(nplurals)):
                problems.append(f"{entry.label} lacks plural forms {missing or sorted(entry.msgstr)}")
    assert not problems, f"{_name(po)}: translate these (then make messages):\n" + "\n".join(problems)


@pytest.mark.parametrize("po", CATALOGUES, ids=_name)
def test_translations_keep_their_placeholders(po: Path):
    """What msgfmt --check-format checks, so a missing or renamed %(name)s fails without gettext."""
    problems = []
    for entry in _active(parse_po(po)):
        if "python-format" not in entry.flags:
            continue
        for index, text in entry.msgstr.items():
            source = entry.msgid if entry.msgid_plural is None or index == 0 else entry.msgid_plural
            wanted, got = set(NAMED.findall(source)), set(NAMED.findall(text))
            if got != wanted:
                problems.append(f"{entry.label} form {index}: {sorted(got)} instead of {sorted(wanted)}")
            if len(POSITIONAL.findall(text)) != len(POSITIONAL.findall(source)):
                problems.append(f"{entry.label} form {index}: the % placeholders differ")
    assert not problems, f"{_name(po)}:\n" + "\n".join(problems)


@pytest.mark.parametrize("po", CATALOGUES, ids=_name)
def test_compiled_catalogue_matches_its_source(po: Path):
    """The committed .mo holds exactly the .po's translations (a .po edited without compilemessages
    leaves the site on the old texts)."""
    with po.with_suffix(".mo").open("rb") as handle:
        compiled = dict(gettext.GNUTranslations(handle)._catalog)  # type: ignore[attr-defined]
    compiled.pop("", None)  # the header
    expected: dict[object, str] = {}
    for entry in _active(parse_po(po)):
        if "fuzzy" in entry.flags or not all(entry.msgstr.values()):
            continue  # msgfmt leaves these out
        key = entry.msgid if entry.msgctxt is None else f"{entry.msgctxt}\x04{entry.msgid}"
        if entry.msgid_plural is None:
            expected[key] = entry.msgstr[0]
        else:
            for index, text in entry.msgstr.items():
                expected[(key, index)] = text
    stale = sorted(str(k) for k in expected.keys() - compiled.keys())
    extra = sorted(str(k) for k in compiled.keys() - expected.keys())
    changed = sorted(str(k) for k in expected.keys() & compiled.keys() if expected[k] != compiled[k])
    assert not (stale or extra or changed), (
        f"{_name(po.with_suffix('.mo'))} differs from its .po (run make messages): "
        f"missing {stale[:5]}, extra {extra[:5]}, changed {changed[:5]}"
    )


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="needs GNU gettext (xgettext, msgmerge)")
def test_catalogues_hold_every_string_of_the_code(tmp_path: Path):
    """makemessages on a copy of the code finds no string the committed catalogues lack, and no
    committed entry the code no longer uses."""
    for name in ("club", "games", "ledger", "templates", "locale", "manage.py"):
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
        else:
            shutil.copy2(source, tmp_path / name)
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env["DEBUG"] = "1"
    command = [sys.executable, "manage.py", "makemessages", "-l", "ru", "-l", "bg", "--ignore=tests"]
    result = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr

    def keys(path: Path) -> set[tuple[str | None, str, str | None]]:
        return {(e.msgctxt, e.msgid, e.msgid_plural) for e in _active(parse_po(path))}

    for po in CATALOGUES:
        fresh = keys(tmp_path / po.relative_to(ROOT))
        committed = keys(po)
        new = sorted(str(k) for k in fresh - committed)
        gone = sorted(str(k) for k in committed - fresh)
        assert not new and not gone, (
            f"{_name(po)} is not up to date with the code (run make messages, then translate): "
            f"new strings {new[:10]}, strings no longer used {gone[:10]}"
        )


# The words a player reads at the table.


def test_table_errors_speak_russian_and_bulgarian():
    from django.utils import timezone, translation

    from games.services.errors import _MESSAGES, TableError

    params = {
        "count": 6,
        "low": 100,
        "high": 500,
        "balance": 40,
        "needed": 100,
        "problem": "x",
        "until": timezone.now(),
        "reason": "y",
        "days": 7,
        "n": 3,  # a seat's number (no_player_at, no_bot_at)
        "limit": 10,  # reports a day (reports_limit)
        "when": timezone.now(),  # when a member may sit down again (sits_limit)
        "name": "z",  # a form field's label (buy_in_not_whole)
    }
    for code in _MESSAGES:
        if code == "bad_session":  # "%(problem)s" alone: the problem is already in the reader's words
            continue
        english = str(TableError(code, **params))
        for lang in LANGUAGES:
            with translation.override(lang):
                assert str(TableError(code, **params)) != english, f"{lang}: {code} is still English"
    with translation.override("ru"):
        assert str(TableError("stale")).startswith("Игра за столом ушла вперёд")
        assert str(TableError("not_your_turn")) == "Сейчас не ваш ход."
    with translation.override("bg"):
        assert str(TableError("seat_taken")) == "Това място е заето."
        assert (
            str(TableError("buy_in_range", low=100, high=500)) == "Броят чипове за тази маса е от 100 до 500."
        )


def test_status_words_use_the_games_own_terms():
    from django.utils import translation

    from games.presenter import status_words

    with translation.override("ru"):
        khrap, frap, moryak = status_words("classic"), status_words("frap"), status_words("moryak")
        assert (khrap["snore"], khrap["help"], khrap["five"], khrap["six"]) == (
            "храп",
            "помогаю",
            "пяток",
            "шесток",
        )
        assert (frap["snore"], frap["help"], frap["five"]) == ("фрап", "вист", "подрезка")
        assert (khrap["helicopter"], khrap["pass"], frap["blind"], moryak["dark"]) == (
            "вертолёт",
            "пас",
            "фрап втёмную",
            "в тёмную",
        )
    with translation.override("bg"):
        khrap, frap, bulgarian = status_words("classic"), status_words("frap"), status_words("bulgarian36")
        assert (khrap["snore"], khrap["help"], khrap["five"]) == ("хъркане", "помощ", "пет")
        assert (frap["snore"], frap["help"], frap["five"], frap["blind"]) == (
            "фрап",
            "свист",
            "изрязване",
            "фрап на сляпо",
        )
        assert (khrap["helicopter"], bulgarian["dark"], bulgarian["shoot"]) == (
            "хеликоптер",
            "обвиване",
            "стреляй",
        )


def test_table_page_words_are_translated():
    from django.template import Context, Template
    from django.utils import translation

    from games.templatetags.tables import deal_result

    template = Template(
        "{% load i18n %}{% translate 'Sit down' %}|{% translate 'Trump' %}|{% translate 'Bank' %}|"
        "{% blocktranslate count counter=5 %}{{ counter }} trick{% plural %}{{ counter }} tricks"
        "{% endblocktranslate %}|{% translate 'D' context 'dealer button' %}"
    )
    with translation.override("ru"):
        assert template.render(Context()) == "Сесть|Козырь|Банк|5 взяток|С"
        assert deal_result("redeal") == "Пересдача"
    with translation.override("bg"):
        assert template.render(Context()) == "Седни|Коз|Банка|5 ръце|Р"
        assert deal_result("instant_win") == "Незабавна победа"
