"""Usernames that look alike: "vera" and "vеra" (Cyrillic е), "Boris" and "B0RIS", "vlad" and "vIad".

``username_skeleton`` folds a username to what a reader sees: Unicode compatibility forms (NFKC:
fullwidth letters, ligatures), case, Cyrillic and Greek letters drawn like Latin ones, the digits 0
and 1, the letters i, I and l, and the pairs "rn" and "vv". Two usernames with one skeleton are one
name to the eye, so the site keeps skeletons unique (``User.username_skeleton``). It follows the
idea of Unicode's UTS #39 skeletons, with a table small enough to read, covering the scripts the
site's people write in.

Club names get the same fold (``name_skeleton``), and names and descriptions refuse characters that
draw nothing or turn the text around (``invisible_characters``).
"""

from __future__ import annotations

import unicodedata

# Capitals first: Cyrillic В and Н are B and H to the eye, but their lower-case forms are not b and h.
_CAPITALS = str.maketrans({
    # Cyrillic
    "А": "A", "В": "B", "Е": "E", "Ѕ": "S", "І": "l", "Ј": "J", "К": "K", "М": "M", "Н": "H", "О": "O",
    "Р": "P", "С": "C", "Т": "T", "У": "Y", "Х": "X", "Ү": "Y", "Ӏ": "l", "Ԛ": "Q", "Ԝ": "W", "Ԁ": "D",
    "Ь": "b", "З": "3", "Ч": "4", "Ѵ": "V",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "l", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    # Latin capital I is drawn like a small l in most sans-serif fonts
    "I": "l",
})

_SMALL = str.maketrans({
    # Cyrillic
    "а": "a", "с": "c", "ԁ": "d", "е": "e", "ҽ": "e", "һ": "h", "і": "l", "ј": "j", "к": "k", "ӏ": "l",
    "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "у": "y", "ү": "y", "х": "x", "ԝ": "w", "ѵ": "v", "ɡ": "g",
    "ь": "b", "з": "3", "ч": "4",
    # Greek
    "α": "a", "ο": "o", "ρ": "p", "ν": "v", "υ": "u", "ι": "l", "κ": "k", "χ": "x", "γ": "y", "ϲ": "c",
    "ϳ": "j",
    # Latin look-alikes. Capital I is a small l to the eye and a small i by case, so i, I, l and 1
    # are one letter here: "vika", "VIKA" and "vlka" are one name.
    "i": "l", "ı": "l", "ɩ": "l", "ℓ": "l",
    # Digits
    "0": "o", "1": "l",
})

# Pairs of letters that read as one, applied after the letters above.
_PAIRS = (("rn", "m"), ("vv", "w"))


def username_skeleton(username: str) -> str:
    """The name as a reader sees it; equal skeletons are confusable usernames."""
    text = unicodedata.normalize("NFKC", username).translate(_CAPITALS)
    text = unicodedata.normalize("NFKC", text.casefold()).translate(_SMALL)
    for pair, single in _PAIRS:
        text = text.replace(pair, single)
    return text


#: Control characters a multi-line text may keep.
_LINE_BREAKS = frozenset("\n\r\t")


def invisible_characters(text: str, *, multiline: bool = False) -> list[str]:
    """The characters of ``text`` that draw nothing or move what follows: format characters (zero
    width spaces and joiners, direction overrides and isolates, the byte order mark, soft hyphens)
    and control characters (line breaks only where ``multiline``). A right-to-left override in a
    club's name turns it and the row it is listed in around; a zero-width space makes a second
    "Demo Club" that is another string."""
    found = []
    for char in text:
        category = unicodedata.category(char)
        if category == "Cf" or (category == "Cc" and not (multiline and char in _LINE_BREAKS)):
            found.append(char)
    return found


def collapse_spaces(text: str) -> str:
    """Runs of spaces (of any kind) as one, none at the ends: "Demo  Club" is "Demo Club"."""
    return " ".join(text.split())


def name_skeleton(name: str) -> str:
    """A club's name as a reader sees it: the username skeleton of the name with invisible
    characters dropped and spaces collapsed. Equal skeletons are names a reader cannot tell apart."""
    visible = "".join(c for c in unicodedata.normalize("NFKC", name) if c not in invisible_characters(c))
    return username_skeleton(collapse_spaces(visible))
