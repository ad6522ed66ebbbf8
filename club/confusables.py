"""Usernames that look alike: "vera" and "vеra" (Cyrillic е), "Boris" and "B0RIS", "vlad" and "vIad".

``username_skeleton`` folds a username to what a reader sees: Unicode compatibility forms (NFKC:
fullwidth letters, ligatures), case, Cyrillic and Greek letters drawn like Latin ones, the digits 0
and 1, the letters i, I and l, and the pairs "rn" and "vv". Two usernames with one skeleton are one
name to the eye, so the site keeps skeletons unique (``User.username_skeleton``). It follows the
idea of Unicode's UTS #39 skeletons, with a table small enough to read: the scripts the site's
people write in, and the letters of other scripts a username may hold (Armenian, Cherokee, Coptic,
Lisu, Latin small capitals, round zeros) that are drawn as a Latin letter.

Club names get the same fold (``name_skeleton``), and names and descriptions refuse characters that
draw nothing or turn the text around (``invisible_characters``).
"""

from __future__ import annotations

import re
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
    # Capitals whose small forms look like nothing Latin: Armenian Տ, Յ; Coptic; Cyrillic Ԍ; Greek
    # lunate sigma (its small form is a "c" below).
    "Տ": "S", "Յ": "3", "Ԍ": "G", "Ⲃ": "B", "Ⲉ": "E", "Ⲏ": "H", "Ⲓ": "l", "Ⲕ": "K", "Ⲙ": "M",
    "Ⲛ": "N", "Ⲧ": "T", "Ⲩ": "Y",
})

_SMALL = str.maketrans({
    # Cyrillic
    "а": "a", "с": "c", "ԁ": "d", "е": "e", "ҽ": "e", "һ": "h", "і": "l", "ј": "j", "к": "k", "ӏ": "l",
    "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "у": "y", "ү": "y", "х": "x", "ԝ": "w", "ѵ": "v", "ɡ": "g",
    "ь": "b", "з": "3", "ч": "4",
    # Greek
    "α": "a", "ο": "o", "ρ": "p", "ν": "v", "υ": "u", "ι": "l", "κ": "k", "χ": "x", "γ": "y",
    "ϳ": "j",
    # Latin look-alikes. Capital I is a small l to the eye and a small i by case, so i, I, l and 1
    # are one letter here: "vika", "VIKA" and "vlka" are one name.
    "i": "l", "ı": "l", "ɩ": "l",
    # More Latin: the alpha a, small capitals drawn as the small letter, the dotless j, the click
    # letter that is a stroke, the tone letter that is a b.
    "ɑ": "a", "ᴄ": "c", "ᴏ": "o", "ᴠ": "v", "ᴡ": "w", "ᴢ": "z", "ꜱ": "s", "ᴜ": "u", "ᴋ": "k", "ɪ": "l",
    "ȷ": "j", "ǀ": "l", "ƅ": "b",
    # Cyrillic omega
    "ѡ": "w",
    # Armenian (capitals fold to these small letters: Օ, Ս, Լ)
    "օ": "o", "ս": "u", "հ": "h", "ո": "n", "ց": "g", "զ": "q", "լ": "l",
    # Coptic (capitals Ⲟ, Ⲥ, Ⲣ, Ⲭ, Ⲁ fold to these)
    "ⲟ": "o", "ⲥ": "c", "ⲣ": "p", "ⲭ": "x", "ⲁ": "a", "ⲓ": "l",
    # Cherokee: its small letters fold to the capitals, which look like Latin capitals
    "Ꭺ": "a", "Ᏼ": "b", "Ꮯ": "c", "Ꭰ": "d", "Ꭼ": "e", "Ꮐ": "g", "Ꮋ": "h", "Ꭵ": "l", "Ꭻ": "j",
    "Ꮶ": "k", "Ꮮ": "l", "Ꮇ": "m", "Ꮲ": "p", "Ꮢ": "r", "Ꮪ": "s", "Ꭲ": "t", "Ꮩ": "v", "Ꮃ": "w",
    "Ꮓ": "z",
    # Lisu: letters without case drawn as Latin capitals
    "ꓮ": "a", "ꓐ": "b", "ꓚ": "c", "ꓓ": "d", "ꓰ": "e", "ꓝ": "f", "ꓖ": "g", "ꓧ": "h", "ꓲ": "l",
    "ꓙ": "j", "ꓗ": "k", "ꓡ": "l", "ꓟ": "m", "ꓠ": "n", "ꓳ": "o", "ꓑ": "p", "ꓣ": "r", "ꓢ": "s",
    "ꓔ": "t", "ꓴ": "u", "ꓦ": "v", "ꓪ": "w", "ꓫ": "x", "ꓬ": "y", "ꓜ": "z",
    # NKo o
    "ߋ": "o",
    # Punctuation, and letters drawn as punctuation (a username may hold any letter): the Lisu tone
    # letter and the syllabics' final dot are a dot, the low macron an underscore, the modifier
    # apostrophes and typographic quotes an apostrophe, the hyphens, the en dash and the minus sign
    # a hyphen ("Anna‐Maria"). The long em dash stays itself.
    "ꓸ": ".", "ᐧ": ".", "ꞏ": ".", "·": ".", "ˍ": "_", "ʼ": "'", "ʻ": "'", "‘": "'", "’": "'", "ʹ": "'",
    "′": "'", "‐": "-", "‒": "-", "–": "-", "−": "-", "⁃": "-", "˗": "-",
    # Digits; the zeros of other scripts are round
    "0": "o", "1": "l", "߀": "o", "०": "o", "০": "o", "੦": "o", "૦": "o", "௦": "o", "౦": "o",
    "೦": "o", "൦": "o", "๐": "o", "໐": "o", "၀": "o", "〇": "o",
})

# Characters the compatibility fold (NFKC) would turn into something else before the tables above
# read them: the Greek lunate sigma is a "c" to the eye, NFKC makes it a σ.
_BEFORE_FOLD = str.maketrans({"ϲ": "c", "Ϲ": "C"})

#: The longest text read as a username (the lock-out's count, the log-in's look-up, the forms): a
#: username has at most 150 characters, typed taken apart (NFD: a letter and its accents) up to a few
#: times that. Anything longer is nobody's name and is refused unread: folded, a name of two million
#: characters cost over a second of the server's CPU before the log-in said no (review 147).
LONGEST_TYPED_USERNAME = 4 * 150

# Pairs of letters that read as one, applied after the letters above.
_PAIRS = (("rn", "m"), ("vv", "w"))


def username_skeleton(username: str) -> str:
    """The name as a reader sees it; equal skeletons are confusable usernames."""
    text = unicodedata.normalize("NFKC", username.translate(_BEFORE_FOLD)).translate(_CAPITALS)
    text = unicodedata.normalize("NFKC", text.casefold()).translate(_SMALL)
    for pair, single in _PAIRS:
        text = text.replace(pair, single)
    return text


#: Control characters a multi-line text may keep.
_LINE_BREAKS = frozenset("\n\r\t")

#: Characters that draw nothing though Unicode files them as letters or marks, not as format
#: characters: the combining grapheme joiner, the Hangul fillers (letters to Django's username rule),
#: the Khmer inherent vowels, the Mongolian variation selectors and the Braille blank. Unicode lists
#: most of them as default-ignorable; "Demo Club" with one of them was a second "Demo Club" and
#: "vera" with a Hangul filler a second "vera", and "ㅤㅤ" a blank username.
_BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0")

#: How many combining marks one letter may carry: Vietnamese and Indic letters need two or three, a
#: longer pile ("Zalgo" text) draws over the rows above and below it (other players' names).
MOST_MARKS = 4


def _unassigned_ignorable(char: str, category: str) -> bool:
    """A code point Unicode has not assigned yet but already files as default-ignorable (U+2065,
    U+FFF0–U+FFF8, the rest of U+E0000–U+E0FFF): browsers draw it as nothing (HarfBuzz hides every
    default-ignorable, assigned or not), and Python's tables call it unassigned (Cn), not a format
    character. "Vera" with one after it was a second "Vera" in a club (review 104)."""
    if category != "Cn":
        return False
    code = ord(char)
    return code == 0x2065 or 0xFFF0 <= code <= 0xFFF8 or 0xE0000 <= code <= 0xE0FFF


def _variation_selector(char: str) -> bool:
    code = ord(char)
    return 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF


#: The blocks whose characters are drawn as emoji: a stand-in for Unicode's Extended_Pictographic
#: property, which Python's unicodedata does not carry (and whose newest emoji it files as
#: unassigned). The arrows (U+2190–21FF) are the directions of "🚶‍➡️" and "🙂‍↔️", the miscellaneous
#: symbols and dingbats (U+2600–27BF) the ♂ ♀ ☠ ❤ ✈ of "🤦‍♂️" and "❤️‍🔥", U+2B00–2BFF the ⬛ of "🐈‍⬛",
#: U+1F000–1F2FF the cards, the enclosed letters and the regional indicators (flags), and
#: U+1F300–1FAFF the emoji proper, with the skin tones (``_EMOJI_MODIFIERS``).
_PICTOGRAPHIC = ((0x2190, 0x21FF), (0x2600, 0x27BF), (0x2B00, 0x2BFF), (0x1F000, 0x1F2FF), (0x1F300, 0x1FAFF))

#: The skin tones: they change the emoji before them, and start no emoji of their own.
_EMOJI_MODIFIERS = range(0x1F3FB, 0x1F3FF + 1)

#: Characters that may be shown as an emoji though they are no symbol or digit to Unicode's
#: categories: "#️⃣" and "*️⃣" (keycaps), "‼️", "⁉️", "ℹ️", "〰️", "〽️".
_EMOJI_OTHERS = frozenset("#*\u203c\u2049\u2139\u3030\u303d")

_ZWJ = "\u200d"
_VS16 = "\ufe0f"

#: The flags written with tag characters (Unicode's recommended ones, the only ones drawn): a black
#: flag, the tag letters of the region and a cancel tag. Any other run of tag characters draws
#: nothing and may carry a hidden text.
_TAG_FLAGS = tuple(
    "\U0001f3f4" + "".join(chr(0xE0000 + ord(c)) for c in region) + "\U000e007f"
    for region in ("gbeng", "gbsct", "gbwls")
)


def _pictographic(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _PICTOGRAPHIC)


def _emoji_joints(text: str) -> set[int]:
    """Where ``text`` holds a character Unicode files as a format character that here only builds
    an emoji: a zero-width joiner between two emoji ("👨‍💻", "🏳️‍🌈", "👩‍👩‍👧"; on the left an emoji,
    a skin tone or an emoji with U+FE0F, on the right an emoji), and the tags of a flag of
    ``_TAG_FLAGS``. The positions, for ``invisible_characters`` to let pass."""
    joints: set[int] = set()
    for i, char in enumerate(text):
        if char == _ZWJ and 0 < i < len(text) - 1:
            left, right = text[i - 1], text[i + 1]
            if left == _VS16 and i > 1:
                left = text[i - 2]
            if _pictographic(left) and _pictographic(right) and ord(right) not in _EMOJI_MODIFIERS:
                joints.add(i)
        elif char == "\U0001f3f4":
            for flag in _TAG_FLAGS:
                if text.startswith(flag, i):
                    joints.update(range(i + 1, i + len(flag)))
    return joints


def _emoji_base(char: str) -> bool:
    """May a variation selector follow ``char``: a symbol or a digit (which it shows as an emoji or
    as text: "♠️", "1️⃣"), an emoji of a block Python files as unassigned, or ``_EMOJI_OTHERS``."""
    return unicodedata.category(char)[0] in "SN" or _pictographic(char) or char in _EMOJI_OTHERS


def invisible_characters(
    text: str, *, multiline: bool = False, bare_marks: bool = True, joined_emoji: bool = False
) -> list[str]:
    """The characters of ``text`` that draw nothing or move what follows: format characters (zero
    width spaces and joiners, direction overrides and isolates, the byte order mark, soft hyphens)
    and the default-ignorables not assigned yet (``_unassigned_ignorable``),
    control characters and line or paragraph separators (line breaks only where ``multiline``),
    blank letters and marks (``_BLANK``), a variation selector anywhere but after a character that
    may be an emoji (``_emoji_base``: it picks the emoji's look, "♠️"), and the marks of a letter
    past ``MOST_MARKS``.
    A right-to-left override in a club's name turns it and the row it is listed in around; a
    zero-width space makes a second "Demo Club" that is another string.

    With ``bare_marks`` also a combining mark with no letter to carry it (at the start or after a
    space): a display name of accents alone was a blank name on the table, its accents drawn over
    whatever stood before it.

    With ``joined_emoji`` the joiners and tags that build an emoji pass (``_emoji_joints``): the
    free texts (comments, notes, reasons, descriptions, table titles), where "🤦‍♂️" was refused as
    an invisible character. Names keep refusing them: the skeleton that keeps two names apart drops
    them, and "👪" and "👨‍👩‍👦" are one picture to many readers with two skeletons."""
    joints = _emoji_joints(text) if joined_emoji else set()
    found = []
    previous = ""
    carrier = ""  # the last character that is not a combining mark
    marks = 0
    for i, char in enumerate(text):
        category = unicodedata.category(char)
        is_mark = category in ("Mn", "Me")
        marks = marks + 1 if is_mark else 0
        bare = bare_marks and is_mark and not _variation_selector(char) and (not carrier or carrier.isspace())
        if i in joints:
            pass
        elif (
            category == "Cf"
            or _unassigned_ignorable(char, category)
            or (category in ("Cc", "Zl", "Zp") and not (multiline and char in _LINE_BREAKS))
            or char in _BLANK
            or (_variation_selector(char) and not (previous and _emoji_base(previous)))
            or marks > MOST_MARKS
            or bare
        ):
            found.append(char)
        if not _variation_selector(char):
            previous = char
        if not is_mark:
            carrier = char
    return found


def _regional_indicator(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def _inside_emoji(text: str, index: int) -> bool:
    """Does a cut before ``text[index]`` fall inside an emoji built of several characters (or inside
    a letter and its marks)? Before a joiner, a variation selector, a keycap, a skin tone, a tag or
    a combining mark; after a joiner; between the two regional indicators of a flag."""
    after, before = text[index], text[index - 1]
    code = ord(after)
    if (
        after == _ZWJ
        or before == _ZWJ
        or _variation_selector(after)
        or code == 0x20E3
        or code in _EMOJI_MODIFIERS
        or 0xE0020 <= code <= 0xE007F
        or unicodedata.category(after) in ("Mn", "Mc", "Me")
    ):
        return True
    if not (_regional_indicator(before) and _regional_indicator(after)):
        return False
    run = 0  # the regional indicators before the cut: an odd number leaves a flag's first half
    while index - run > 0 and _regional_indicator(text[index - run - 1]):
        run += 1
    return run % 2 == 1


def truncate_whole(text: str, length: int) -> str:
    """``text`` cut to ``length`` characters with an ellipsis, as Django's ``truncatechars`` cuts it,
    but never inside an emoji: it cut "👩‍👩‍👧" after a joiner (a woman and a stray joiner, or two
    women for a family), "🇷🇺" into a letter in a box, "👍🏽" from its skin tone. The cut moves back to
    the start of the emoji (``_inside_emoji``)."""
    from django.utils.text import Truncator, add_truncation_text, calculate_truncate_chars_length

    text = unicodedata.normalize("NFC", str(text))
    if Truncator(text).chars(length) == text:
        return text
    end = len(Truncator(text).chars(calculate_truncate_chars_length(length, None), truncate=""))
    while 0 < end < len(text) and _inside_emoji(text, end):
        end -= 1
    return add_truncation_text(text[:end], None)


def private_use(text: str) -> bool:
    """Does ``text`` hold a private-use character (U+E000–U+F8FF, planes 15 and 16)? Each device
    draws one its own way (a vendor's logo, an empty box, nothing), so a name holding one reads
    differently to each reader (review 112)."""
    return any(unicodedata.category(char) == "Co" for char in text)


def collapse_spaces(text: str) -> str:
    """Runs of spaces (of any kind) as one, none at the ends: "Demo  Club" is "Demo Club"."""
    return " ".join(text.split())


def name_skeleton(name: str) -> str:
    """A club's name as a reader sees it: the username skeleton of the name with invisible
    characters dropped and spaces collapsed. Equal skeletons are names a reader cannot tell apart."""
    folded = unicodedata.normalize("NFKC", name.translate(_BEFORE_FOLD))
    visible = "".join(c for c in folded if c not in invisible_characters(c, bare_marks=False))
    return username_skeleton(collapse_spaces(visible))


# Two forms of one name. The skeleton folds capitals before case, so that Cyrillic "Вера" reads as
# Latin "Bepa"; but then "вера", the same word in small letters, has another skeleton ("вepa"), and
# "Вера" and "вера" could both be taken. The second form is the skeleton of the name in small
# letters: every spelling of a name in any case shares it. Two names are one to a reader when any
# form of one equals any form of the other (``User``, ``Club``: both forms kept and unique).


def username_forms(username: str) -> tuple[str, str]:
    """The username as read (``username_skeleton``) and as read in small letters."""
    return username_skeleton(username), username_skeleton(username.casefold())


def name_forms(name: str) -> tuple[str, str]:
    """A club's or a display name as read (``name_skeleton``) and as read in small letters."""
    return name_skeleton(name), name_skeleton(name.casefold())


def _case_twins() -> dict[str, str]:
    """Letters of a skeleton that are one letter in two cases: the capitals above fold to a Latin
    letter (Cyrillic "В" to "b", "Н" to "h", "Т" to "t", "М" to "m"), their small forms stay as
    they are ("в", "н", "т", "м"), so "Волга" and "волга" have two skeletons. Each such letter maps
    to the set of skeleton letters it may stand for."""
    classes: dict[str, set[str]] = {}
    for code in _CAPITALS:
        capital = chr(code)
        small = capital.lower()
        if small == capital:
            continue
        one, two = username_skeleton(capital), username_skeleton(small)
        # Only a small letter the fold leaves as itself: Greek "ν" and "υ" fold to Latin "v" and
        # "u" and their capitals to "N" and "Y", and "n" is not "v" to anyone.
        if one != two and len(one) == len(two) == 1 and not two.isascii():
            group = classes.get(one, {one}) | classes.get(two, {two})
            for letter in group:
                classes[letter] = group
    return {letter: "".join(sorted(group)) for letter, group in classes.items()}


_CASE_TWINS = _case_twins()


def name_search_pattern(query: str) -> str:
    """A regular expression that finds ``query`` in club names' skeletons (``name_skeleton``)
    whatever the case of either: a name's skeleton keeps a capital's Latin fold and a small
    letter's own, so a plain "contains" of the query's skeleton missed "Волга" for "волга"."""
    parts = []
    for letter in name_skeleton(query):
        twins = _CASE_TWINS.get(letter)
        parts.append("[" + re.escape(twins) + "]" if twins else re.escape(letter))
    return "".join(parts)
