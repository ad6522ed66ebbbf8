"""Django's own Bulgarian catalogue lacks some words of its admin and password checks: the site's
catalogue (``locale/``, read first) fills them, so a Bulgarian manager's admin and a Bulgarian
newcomer's password errors are not in English."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import axes
import django
import pytest
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.test import RequestFactory
from django.utils import translation
from django.views.i18n import JSONCatalog

from .conftest import logged_in

DJANGO = Path(django.__file__).parent
AXES = Path(axes.__file__).parent
#: Django's catalogues whose words reach the site's readers (the admin, its scripts, log-in and
#: password checks, form errors).
CATALOGUES = ["contrib/admin", "contrib/auth", "conf", "contrib/contenttypes", "contrib/humanize"]
#: Names and terms Bulgarian and Russian write as English does.
SAME_IN_BOTH = {"IPv4", "IPv6", "URL", "salt"}


def _msgids(po: Path) -> list[tuple[str | None, str, str | None]]:
    """(context, msgid, msgid_plural) of every live entry of a .po file."""
    out = []
    for block in po.read_text(encoding="utf-8").split("\n\n"):
        if block.lstrip().startswith("#~"):
            continue
        fields: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            head = re.match(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) (\".*\")$", line)
            if head:
                key = head.group(1)
                fields[key] = ast.literal_eval(head.group(2))
            elif line.startswith('"') and key:
                fields[key] += ast.literal_eval(line)
        if fields.get("msgid"):
            out.append((fields.get("msgctxt"), fields["msgid"], fields.get("msgid_plural")))
    return out


def _missing(domain: str, language: str) -> list[str]:
    missing = []
    sources = [
        DJANGO / catalogue / "locale" / "en" / "LC_MESSAGES" / f"{domain}.po" for catalogue in CATALOGUES
    ]
    # django-axes has no English catalogue; its Russian one names (most of) its words.
    sources.append(AXES / "locale" / "ru" / "LC_MESSAGES" / f"{domain}.po")
    for english in sources:
        if not english.exists():
            continue
        for context, msgid, plural in _msgids(english):
            with translation.override(language):
                if plural:
                    shown = (
                        translation.npgettext(context, msgid, plural, 1)
                        if context
                        else translation.ngettext(msgid, plural, 1)
                    )
                else:
                    shown = translation.pgettext(context, msgid) if context else translation.gettext(msgid)
            # Words the same in both languages are letters-free (formats, symbols) or names.
            letters = re.search("[A-Za-z]{2}", re.sub(r"%\(\w+\)\w|%\w", "", msgid))
            if shown == msgid and letters and msgid not in SAME_IN_BOTH:
                missing.append(msgid)
    return missing


@pytest.mark.parametrize("language", ["bg", "ru"])
def test_every_word_of_djangos_admin_and_password_checks_is_translated(language):
    assert _missing("django", language) == []


@pytest.mark.parametrize("language", ["bg", "ru"])
def test_every_word_of_the_admins_scripts_is_translated(rf: RequestFactory, language):
    po = DJANGO / "contrib" / "admin" / "locale" / "en" / "LC_MESSAGES" / "djangojs.po"
    english = {f"{ctx}\x04{msgid}" if ctx else msgid for ctx, msgid, _ in _msgids(po)}
    with translation.override(language):
        response = JSONCatalog.as_view(packages=["django.contrib.admin"])(rf.get("/jsi18n/"))
    catalog = json.loads(response.content)["catalog"]
    missing = sorted(m for m in english if m not in catalog and re.search("[A-Za-z]{2}", m))
    assert missing == []
    assert catalog["Choose all %s"] == {"bg": "Избери всички %s", "ru": "Выбрать все %s"}[language]


def test_a_short_password_is_refused_in_bulgarian():
    with translation.override("bg"), pytest.raises(ValidationError) as refused:
        validate_password("a1b2")
    assert refused.value.messages == ["Тази парола е твърде кратка. Трябва да съдържа поне 8 знака."]


@pytest.mark.django_db
def test_the_registration_page_tells_a_bulgarian_newcomer_in_bulgarian(client):
    client.cookies["django_language"] = "bg"
    response = client.post(
        "/accounts/register/",
        {"username": "novak", "email": "novak@example.org", "password1": "a1b2", "password2": "a1b2"},
        HTTP_ACCEPT_LANGUAGE="bg",
    )
    page = response.content.decode()
    assert "твърде кратка" in page and "too short" not in page


@pytest.mark.django_db
def test_a_bulgarian_managers_admin_has_no_english_headers(club, owner):
    client = logged_in(owner)
    client.cookies["django_language"] = "bg"
    page = client.get("/admin/", HTTP_ACCEPT_LANGUAGE="bg").content.decode()
    assert "Model name" not in page and "Add link" not in page and "Change or view list link" not in page
    assert "Име на модела" in page


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "shown"), [("bg", "Опити за вход"), ("ru", "Попытки входа")])
def test_the_superusers_admin_names_the_log_in_records(root, language, shown):
    """django-axes gives its app no name: the admin showed "Axes" and "Access attempts"."""
    client = logged_in(root)
    client.cookies["django_language"] = language
    page = client.get("/admin/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert shown in page
    assert ">Axes<" not in page and "Access attempts" not in page and "Access logs" not in page


def _stray_spaces(language: str) -> list[str]:
    """Django's words whose translation puts a space before a full stop, comma or closing bracket
    where the English has none (both plural forms of a word counted, 1 and 5)."""
    stray = re.compile(r" [.,)]")
    found = []
    for catalogue in CATALOGUES:
        english = DJANGO / catalogue / "locale" / "en" / "LC_MESSAGES" / "django.po"
        for context, msgid, plural in _msgids(english):
            with translation.override(language):
                if plural:
                    shown = [translation.ngettext(msgid, plural, n) for n in (1, 5)] if not context else []
                else:
                    shown = [translation.pgettext(context, msgid) if context else translation.gettext(msgid)]
            if not stray.search(msgid) and any(stray.search(text) for text in shown):
                found.append(msgid)
    return found


@pytest.mark.parametrize("language", ["bg", "ru"])
def test_djangos_words_have_no_space_before_their_full_stop(language):
    """Django's Bulgarian catalogue wrote "… по-голяма или равна на 1 ." under a stake or chips of 0:
    the site's catalogue gives those words without the space."""
    assert _stray_spaces(language) == []


@pytest.mark.django_db
def test_a_bulgarian_manager_is_told_a_too_small_stake_without_a_stray_space(club, owner):
    client = logged_in(owner)
    client.cookies["django_language"] = "bg"
    values = {"title": "Маса", "preset": "classic", "stake": "0", "seat_count": "13", "min_players": "2",
              "buy_in_min": "100", "buy_in_max": "500", "turn_seconds": "30"}
    page = client.post(f"/clubs/{club.slug}/tables/new/", values).content.decode()
    assert "Уверете се, че тази стойност е по-голяма или равна на 1." in page
    assert "Уверете се, че тази стойност е по-малка или равна на 12." in page
    assert " ." not in re.sub(r"<[^>]+>", "", page)


@pytest.mark.django_db
@pytest.mark.parametrize("address", ["/accounts/login/", "/admin/login/"])
def test_a_failed_log_in_tells_a_bulgarian_that_case_may_matter(client, address):
    """Django's Bulgarian catalogue said the opposite of the English: "both fields may be in small or
    capital letters" for "both fields may be case-sensitive" (a password is)."""
    client.cookies["django_language"] = "bg"
    data = {"username": "nobody", "password": "Wrong-pass-42"}
    text = client.post(address, data, HTTP_ACCEPT_LANGUAGE="bg").content.decode()
    assert "може да има разлика между малки и главни букви" in text
    assert "могат да бъдат с малки или главни букви" not in text
    assert "могат да са с главни и малки" not in text
