"""Review 66 (held): the admin's *Move the start* page and its answers read in the manager's language:
no sentence of the page, its field or the message after the move is left in English in Bulgarian or
Russian."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.utils import timezone

from games.models import TableSession

from .test_move_a_table import SOFIA, _anchor, _manager_client, _minute  # noqa: F401  (_anchor: its autouse "now" for _minute)

pytestmark = pytest.mark.django_db

ENGLISH = [
    "Move the start",
    "New start",
    "In your time zone",
    "It starts",
    "Its reservations stand",
    "No, take me back",
    "the table now starts",
    "Choose one table",
]


@pytest.mark.parametrize("language", ["bg", "ru"])
def test_the_move_page_and_its_answers_are_in_the_managers_language(make_table, owner, language) -> None:
    table = make_table(starts_at=_minute(2))
    client = _manager_client(owner, language)
    asked = client.post(
        "/admin/games/tablesession/", {"action": "move_selected", "_selected_action": [table.pk], "index": 0}
    )
    assert asked.status_code == 200
    page = re.sub(r"<[^>]+>", " ", asked.content.decode())
    left = [words for words in ENGLISH if words in page]
    assert not left, left
    wall = (
        (timezone.now() + timedelta(days=2))
        .astimezone(SOFIA)
        .replace(hour=19, minute=0, second=0, microsecond=0)
    )
    done = client.post(
        "/admin/games/tablesession/",
        {
            "action": "move_selected",
            "_selected_action": [table.pk],
            "apply": "1",
            "starts_at": wall.strftime("%Y-%m-%dT%H:%M"),
        },
    )
    assert done.status_code == 302
    assert TableSession.objects.get(pk=table.pk).starts_at == wall
    told = [str(m) for m in get_messages(done.wsgi_request)]
    assert told and not [m for m in told if any(words in m for words in ENGLISH)], told
    other = make_table(starts_at=_minute(3))
    both = client.post(
        "/admin/games/tablesession/",
        {"action": "move_selected", "_selected_action": [table.pk, other.pk], "index": 0},
    )
    said = [str(m) for m in get_messages(both.wsgi_request)]
    assert said and not [m for m in said if "Choose one table" in m], said
