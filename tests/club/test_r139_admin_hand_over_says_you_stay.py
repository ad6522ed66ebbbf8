"""Review 139: an owner who handed his club over from the admin read "Misha is now the owner of Open
Table." and nothing of himself, where the club page tells him "you stay one of its managers": he
could not tell whether he still managed the club. The admin now says so too (en, ru, bg); the site's
operator, who was no owner, reads only who owns the club now."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from club.models import Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

LIST = "admin:club_membership_changelist"
STAYS = "%(name)s is now the owner of %(club)s; you stay one of its managers."


@pytest.fixture(autouse=True)
def _no_zone_left():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _hand_over(user, target, language="en") -> str:
    client = client_for(user)
    client.cookies.load({"django_language": language})
    done = client.post(
        reverse(LIST),
        {"action": "hand_over_selected", "_selected_action": [target.pk], "confirm": "1"},
        follow=True,
    )
    return done.content.decode()


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_owner_is_told_he_stays_a_manager(club, owner, manager, language) -> None:
    page = _hand_over(owner, m(club, manager), language)
    with translation.override(language):
        words = translation.gettext(STAYS) % {"name": "Misha", "club": "Open Table"}
    assert (words != STAYS % {"name": "Misha", "club": "Open Table"}) == (language != "en")
    assert words in page
    assert m(club, manager).role == Membership.Role.OWNER
    assert m(club, owner).role == Membership.Role.MANAGER


def test_the_operator_is_told_only_who_owns_it(club, owner, manager, root) -> None:
    page = _hand_over(root, m(club, manager))
    assert "Misha is now the owner of Open Table." in page
    assert "you stay" not in page
