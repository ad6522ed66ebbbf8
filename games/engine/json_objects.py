"""JSON objects that name each key once.

Python's ``json`` keeps the last of two equal keys without a word, so ``{"do": "away", "do": "sit"}``
reads as a sit-down and a hand-written scenario with two "stake"s plays one of them. Scenario files,
socket frames and a table's rule changes all read their objects through ``named_once``, each saying the
refusal in its own words.
"""

from __future__ import annotations

from typing import Any


class KeyNamedTwice(ValueError):
    """An object named ``name`` twice; a ValueError, as any other malformed JSON is."""

    def __init__(self, name: str) -> None:
        super().__init__(f"the key {name!r} appears twice in one object")
        self.name = name


def named_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The ``object_pairs_hook`` that refuses a key named twice."""
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise KeyNamedTwice(key)
        obj[key] = value
    return obj


def bad_text(data: Any) -> str | None:
    """Where ``data`` (parsed JSON) holds a NUL or an unpaired surrogate, in a key or a string, said
    in words; None when it holds neither. JSON's escapes write both (``\\u0000``, ``\\ud800``), and a
    file of invalid UTF-8 read with surrogateescape (standard input under the C locale) has lone
    surrogates for its bad bytes: neither is text, and neither a database nor a UTF-8 page can hold
    it (review 98)."""
    stack: list[tuple[Any, str]] = [(data, "the file")]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            if not _text_ok(value):
                return f"{where} {_NOT_TEXT}"
        elif isinstance(value, dict):
            for key, item in value.items():
                if not _text_ok(key):
                    return f"a key in {where} {_NOT_TEXT}"
                stack.append((item, f"{key!r}"[:40]))
        elif isinstance(value, list):
            stack.extend((item, where) for item in value)
    return None


_NOT_TEXT = "holds a NUL or an unpaired surrogate (\\ud800 to \\udfff), which is no UTF-8 text"


def _text_ok(text: str) -> bool:
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no character, so no UTF-8
        return False
    return True
