"""A ban's or a suspension's reason, a grant's reason, a chip request's note and a manager's answer
refuse characters that draw nothing or turn the text round (the member and the audit log read them);
the site says so in the member's language and nothing changes."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import translation

from club.admin import ModerationFields
from club.forms import BanForm, SuspendForm
from club.models import INVISIBLE_MESSAGE, AuditLog, Membership
from ledger.forms import AnswerForm, ChipRequestForm

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

TURNED = "cheat\u202eing"


def test_a_ban_from_the_club_page_with_an_override_in_its_reason_bans_nobody(club, owner, member):
    target = m(club, member)
    response = client_for(owner).post(
        reverse("membership_ban", args=[club.slug, target.pk]), {"reason": TURNED}
    )
    said = " ".join(str(x) for x in get_messages(response.wsgi_request))
    assert str(INVISIBLE_MESSAGE) in said
    assert m(club, member).status == Membership.Status.ACTIVE
    assert not AuditLog.objects.filter(action="membership.banned").exists()


def test_the_refusal_is_in_russian_for_a_russian_manager(club, owner, member):
    client = client_for(owner)
    client.cookies["django_language"] = "ru"
    target = m(club, member)
    response = client.post(
        reverse("membership_ban", args=[club.slug, target.pk]), {"reason": TURNED}, HTTP_ACCEPT_LANGUAGE="ru"
    )
    said = " ".join(str(x) for x in get_messages(response.wsgi_request))
    with translation.override("ru"):
        russian = str(INVISIBLE_MESSAGE)
    with translation.override("en"):
        english = str(INVISIBLE_MESSAGE)
    assert russian != english and russian in said


@pytest.mark.parametrize(
    ("form", "data"),
    [
        (BanForm, {"reason": TURNED}),
        (SuspendForm, {"reason": "zero\u200bwidth", "until": "2030-01-01 10:00"}),
        (ModerationFields, {"reason": "\u2067isolate", "until": ""}),
        (ChipRequestForm, {"amount": "50", "note": "please\u202e"}),
        (AnswerForm, {"answer": "no\x00pe"}),
    ],
)
def test_each_reason_and_note_field_refuses_invisible_characters(form, data):
    bound = form(data)
    assert not bound.is_valid()
    field = next(name for name in ("reason", "note", "answer") if name in data)
    assert (
        str(INVISIBLE_MESSAGE) in bound.errors[field]
        or "Null characters are not allowed." in bound.errors[field]
    )
    clean = {
        key: value.replace("\u202e", "").replace("\u200b", "").replace("\u2067", "")
        for key, value in data.items()
    }
    if form is not AnswerForm:
        assert form(clean).is_valid(), form(clean).errors
