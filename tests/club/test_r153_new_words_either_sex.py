"""Review 153: words this session added that stand beside a member of either sex spoke of a man.
The reason a seat was given to a watcher (review 148), written in the club's log beside the player
stood up, read in Russian "отошёл и закрыл страницу стола, его место…" and in Bulgarian "отсъстващ,
…; мястото му…", where the other reasons say "нет на месте" / "отсъстваше"; the Fairness page told a
Bulgarian reader with no seat in the deal "бяхте отсъстващ" (review 152), a man's adjective, where
the catalogue says "отбелязани като отсъстващи" to "вие". Checked on the compiled catalogues."""

from __future__ import annotations

import re

from .test_r146_catalogue_words import MANS_WORDS, _translations

SEAT_WANTED = "away with no page of the table open, his seat taken by a player who wanted to sit"
NO_SEAT = (
    "You had no seat in this deal (you were away or had stood up), so a string this browser added for it "
    "was not mixed in."
)
MORE = {
    "ru": r"(?i)\b(?:закрыл|его место)\b(?!\(а\))",
    "bg": r"(?i)\b(?:отсъстващ|мястото му)\b(?!\(а\))",
}


def test_the_new_words_beside_a_member_fit_either_sex() -> None:
    problems = []
    for lang in ("ru", "bg"):
        words = _translations(lang)
        for msgid in (SEAT_WANTED, NO_SEAT):
            assert msgid in words, msgid
            for pattern in (MANS_WORDS[lang], MORE[lang]):
                if re.search(pattern, words[msgid]):
                    problems.append(f"{lang}: {msgid!r} -> {words[msgid]!r}")
    assert not problems, "\n".join(problems)


def test_the_take_seat_button_speaks_as_the_tables_other_buttons_in_bulgarian() -> None:
    """The table's buttons speak to the player in the familiar imperative ("Седни", "Стани от
    масата", "Постави бот тук"); review 148's "Take this seat" read "Заемете това място", the polite
    form, beside "Седни" on the same page."""
    words = _translations("bg")
    assert "Седни" in words["Sit down"]
    assert not re.match(r"\w+ете\b", words["Take this seat"]), words["Take this seat"]
