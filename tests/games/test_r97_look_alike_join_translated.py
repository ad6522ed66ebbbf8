"""Review 97: the refusal of a person whose display name reads like a clubmate's ("Your display name
reads like the name of someone in this club ...") was translated once, when the module was imported,
in the site's default language: a Russian or Bulgarian reader joining a club was answered in English.
It is now translated when it is said."""

from __future__ import annotations

import pytest
from django.utils import translation

from club.errors import ServiceError
from club.models import Club
from club.services import membership_join

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "words"), [("ru", "похоже на имя человека"), ("bg", "прилича на името")]
)
def test_a_look_alike_joining_is_answered_in_his_language(club, players, make_user, language, words) -> None:
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.OPEN)
    club.refresh_from_db()
    shown = players[0].shown_name
    twin = make_user("twin97", display_name=shown.upper())
    with translation.override(language), pytest.raises(ServiceError) as excinfo:
        membership_join(club=club, user=twin)
    assert words in excinfo.value.message, excinfo.value.message
