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
