"""Review 144: a card name with a character that looks like a Latin letter or digit but is not one.

A deck holding the Cyrillic "АН" (U+0410, U+041D) for the ace of hearts was refused with
'"АН" is not one of its cards (they are written like "10H", "AS", "7C")', and a play of "KС"
(a Cyrillic Es) with "'KС' is not a card.": each read as the right name refused, the character at
fault never named. Both now name it by its code point and Unicode name.
"""

from __future__ import annotations

import io
import json

import pytest

from games.engine import replay

from .test_review38_scenario_files import EXAMPLE


def _cli(data: dict, monkeypatch, capsys) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(data, ensure_ascii=False)))
    status = replay.main(["-"])
    out = capsys.readouterr()
    return status, out.out, out.err


def _example() -> dict:
    return json.loads(json.dumps(EXAMPLE))


@pytest.mark.parametrize(
    ("name", "named"),
    [
        ("\u0410\u041d", ["U+0410 CYRILLIC CAPITAL LETTER A", "U+041D CYRILLIC CAPITAL LETTER EN"]),
        ("A\u200bH", ["U+200B ZERO WIDTH SPACE"]),
        ("\uff21H", ["U+FF21 FULLWIDTH LATIN CAPITAL LETTER A"]),
    ],
)
def test_a_deck_names_the_foreign_character(name, named, monkeypatch, capsys) -> None:
    data = _example()
    assert data["deals"][0]["deck"][0] == "AH"
    data["deals"][0]["deck"][0] = name
    status, out, err = _cli(data, monkeypatch, capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1
    for words in named:
        assert words in err, err


@pytest.mark.parametrize("key", ["card", "cards"])
def test_an_action_names_the_foreign_character(key, monkeypatch, capsys) -> None:
    data = _example()
    if key == "card":
        action = data["deals"][0]["actions"][9]
        assert action["card"] == "KC"
        action["card"] = "K\u0421"
    else:
        action = data["deals"][0]["actions"][6]
        assert action["cards"] == ["JC"]
        action["cards"] = ["J\u0421"]
    status, out, _err = _cli(data, monkeypatch, capsys)
    assert status == 1
    error = json.loads(out)["error"]
    assert error["code"] == "bad_cards"
    assert "U+0421 CYRILLIC CAPITAL LETTER ES" in error["message"], error


def test_a_plain_wrong_name_says_no_more(monkeypatch, capsys) -> None:
    data = _example()
    data["deals"][0]["actions"][9]["card"] = "ZZ"
    status, out, _err = _cli(data, monkeypatch, capsys)
    assert status == 1 and json.loads(out)["error"]["message"] == "'ZZ' is not a card."


def test_a_key_with_a_look_alike_letter_names_it(monkeypatch, capsys) -> None:
    """A "ѕtake" with a Cyrillic Dze was refused as "unknown key 'ѕtake'": a key that read right."""
    data = _example()
    data["\u0455take"] = data.pop("stake")
    status, out, err = _cli(data, monkeypatch, capsys)
    assert status == 2 and out == ""
    assert "unknown key" in err and "U+0455 CYRILLIC SMALL LETTER DZE" in err, err
    data = _example()
    data["deals"][0]["actions"][0]["d\u043e"] = data["deals"][0]["actions"][0].pop("do")
    status, out, err = _cli(data, monkeypatch, capsys)
    assert status == 2 and "U+043E CYRILLIC SMALL LETTER O" in err, err


def test_an_action_name_with_a_look_alike_letter_names_it(monkeypatch, capsys) -> None:
    data = _example()
    data["deals"][0]["actions"][0]["do"] = "sn\u043ere"
    status, out, _err = _cli(data, monkeypatch, capsys)
    assert status == 1
    error = json.loads(out)["error"]
    assert error["code"] == "unknown_action" and "U+043E CYRILLIC SMALL LETTER O" in error["message"]
