"""The club page told its managers "No dormant member: everyone has played in the last 90 days." of a
club where nobody had played at all (a new club, members who joined last week): not so. Nobody is
dormant there because nobody has been a member for 90 days without a deal, which it now says."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

pytestmark = pytest.mark.django_db

SAID = {
    "en": "No dormant member: nobody has been a member for 90 days without playing a deal.",
    "ru": "Неактивных участников нет: никто не пробыл в клубе 90 дней без единой сдачи.",
    "bg": "Няма неактивни членове: никой не е бил член 90 дни, без да изиграе раздаване.",
}
OLD = {
    "en": "everyone has played in the last 90 days",
    "ru": "все играли за последние 90 дней",
    "bg": "всички са играли през последните 90 дни",
}


def test_a_club_where_nobody_played_is_not_said_to_have_played(club, owner, players) -> None:
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    for language, words in SAID.items():
        with translation.override(language):
            html = client.get(club.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert words in html, language
        assert OLD[language] not in html, language
