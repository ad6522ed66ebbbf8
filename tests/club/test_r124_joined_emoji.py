"""Review 124: emoji built of several with a zero-width joiner (U+200D) — "🤦‍♂️", "👨‍💻", "🏳️‍🌈",
"👩‍👩‍👧" — were refused as invisible characters in every text a player types, and "#️⃣", "‼️" for
the variation selector after them. A joiner between two emoji, and the tags of the flags of England,
Scotland and Wales, now pass in the free texts (descriptions, reasons, notes, comments, table titles);
names keep refusing them (two skeletons may draw one picture: "👪" and "👨‍👩‍👦"). A joiner anywhere
else, and every other invisible character, stays refused."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from club.confusables import invisible_characters
from club.forms import BanForm
from club.models import Club
from ledger.forms import AnswerForm, ChipRequestForm

from .conftest import client_for

pytestmark = pytest.mark.django_db

JOINED = [
    "🤦\u200d♂️",
    "👨\u200d💻",
    "🏳️\u200d🌈",
    "👩\u200d👩\u200d👧",
    "❤️\u200d🔥",
    "🧑🏽\u200d💻",
    "🐈\u200d⬛",
    "🏴\u200d☠️",
    "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",
]
SELECTED = ["1️⃣", "#️⃣", "*️⃣", "‼️", "⁉️", "ℹ️"]
REFUSED = [
    "a\u200db",  # a joiner between letters
    "\u200d",
    "\u200d👍",  # at the start
    "👍\u200d",  # at the end
    "👍\u200d\u200d👍",
    "👍\u200da",
    "a\ufe0f\u200d👍",  # a selector after a letter does not make it an emoji
    "👍\u200d🏽",  # a skin tone starts no emoji
    "🏴\U000e0061\U000e007f",  # tags that make no flag: a hidden text
    "hid\U000e0068\U000e0069",
    "zero\u200bwidth",
    "turn\u202ed",
    "iso\u2066late",
    "nul\x00",
]


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.mark.parametrize("emoji", JOINED + SELECTED)
def test_an_emoji_passes_in_a_free_text(emoji):
    assert invisible_characters(f"He saw my cards {emoji}\nagain", multiline=True, joined_emoji=True) == []


@pytest.mark.parametrize("emoji", SELECTED)
def test_a_selected_emoji_passes_in_a_name_too(emoji):
    assert invisible_characters(f"Club {emoji}") == []


@pytest.mark.parametrize("text", REFUSED)
def test_the_rest_stays_refused(text):
    assert invisible_characters(f"x {text} y", multiline=True, joined_emoji=True)
    assert invisible_characters(f"x {text} y")


@pytest.mark.parametrize("emoji", JOINED)
def test_a_name_still_refuses_a_joined_emoji(emoji):
    assert invisible_characters(f"Club {emoji}")


@pytest.mark.parametrize(
    ("form", "data"),
    [
        (BanForm, {"reason": "cheating 🤦\u200d♂️"}),
        (ChipRequestForm, {"amount": "50", "note": "for friday 👨\u200d👩\u200d👧"}),
        (AnswerForm, {"answer": "sure 🏳️\u200d🌈"}),
    ],
)
def test_reasons_notes_and_answers_take_a_joined_emoji(form, data):
    bound = form(data)
    assert bound.is_valid(), bound.errors


def test_a_club_description_takes_a_joined_emoji_and_its_name_does_not(owner, stranger):
    client_for(owner).post(
        reverse("club_create"),
        {"name": "Coders", "description": "Nightly 👨\u200d💻 games", "join_policy": "open"},
    )
    assert Club.objects.get(name="Coders").description == "Nightly 👨\u200d💻 games"
    response = client_for(stranger).post(
        reverse("club_create"), {"name": "Coders 👨\u200d💻", "join_policy": "open"}
    )
    assert "invisible characters" in response.content.decode()
    assert Club.objects.count() == 1


def test_a_display_name_still_refuses_a_joined_emoji(member):
    response = client_for(member).post(
        reverse("profile"),
        {"display_name": "Olga 👩\u200d💻", "email": member.email, "time_zone": "UTC"},
    )
    assert "invisible characters" in response.content.decode()
    member.refresh_from_db()
    assert member.display_name == "Petar"
