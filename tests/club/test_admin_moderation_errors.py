"""A ban or a suspension given in the admin with a reason or an end the form refuses says what is
wrong with which field, and bans nobody."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from club.admin import ModerationFields, moderation_form_errors
from club.models import Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def _ban(client, target, **fields) -> list[str]:
    response = client.post(
        reverse("admin:club_membership_changelist"),
        {"action": "ban_selected", "_selected_action": [target.pk], **fields},
    )
    assert response.status_code == 302
    return [str(x) for x in get_messages(response.wsgi_request)]


def test_a_too_long_reason_says_so_and_bans_nobody(club, manager, member):
    texts = _ban(client_for(manager), m(club, member), reason="x" * 501, until="")
    assert texts == ["The reason is too long (characters: 501, at most: 500)."]
    assert m(club, member).status == Membership.Status.ACTIVE


def test_an_unreadable_end_says_so(club, manager, member):
    texts = _ban(client_for(manager), m(club, member), reason="cheat", until="soon")
    assert texts == ["The end is not a date and time."]
    assert m(club, member).status == Membership.Status.ACTIVE


def test_both_wrong_gives_both_reasons(club, manager, member):
    texts = _ban(client_for(manager), m(club, member), reason="x" * 600, until="soon")
    assert sorted(texts) == [
        "The end is not a date and time.",
        "The reason is too long (characters: 600, at most: 500).",
    ]
    assert m(club, member).status == Membership.Status.ACTIVE


def test_a_valid_form_has_no_errors_and_other_errors_name_their_field():
    assert moderation_form_errors(ModerationFields({"reason": "ok", "until": ""})) == []
    form = ModerationFields({"reason": "ok"})
    form.is_valid()
    form.add_error("reason", "Something else.")
    assert moderation_form_errors(form) == ["Reason: Something else."]
