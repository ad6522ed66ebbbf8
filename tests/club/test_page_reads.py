"""The pages' own read paths give what Django's would: sessions read with compiled SQL, choice
labels from a map built once per field."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.db.models.base import Model
from django.utils import timezone, translation

from club.models import Club, Membership
from club.sessions import SessionStore
from games.models import Report
from ledger.models import Account, Journal

from .conftest import client_for

pytestmark = pytest.mark.django_db


def test_a_live_session_loads_and_an_expired_or_unknown_one_does_not(member):
    store = SessionStore()
    store["who"] = "petar"
    store.create()
    assert SessionStore(store.session_key).load() == {"who": "petar"}
    assert DjangoStore(store.session_key).load() == {"who": "petar"}  # one table, one format

    expired = SessionStore(store.session_key)
    expired.load()
    expired.set_expiry(timezone.now() - timedelta(seconds=1))
    expired.save()
    reread = SessionStore(store.session_key)
    assert reread.load() == {} and reread.session_key is None  # as Django's: a new session follows
    assert DjangoStore(store.session_key).load() == {}

    unknown = SessionStore("x" * 32)
    assert unknown.load() == {} and unknown.session_key is None


def test_a_logged_in_member_stays_logged_in_until_he_logs_out(club, member):
    client = client_for(member)
    assert client.get("/").context["user"] == member
    client.post("/accounts/logout/")
    assert not client.get("/").context["user"].is_authenticated


@pytest.mark.parametrize(
    "model, field",
    [
        (Club, "join_policy"),
        (Membership, "role"),
        (Membership, "status"),
        (Account, "kind"),
        (Journal, "kind"),
        (Report, "reason"),
        (Report, "status"),
    ],
)
def test_choice_labels_are_djangos_in_every_language(model, field):
    choices = model._meta.get_field(field).flatchoices
    for language in ("en", "ru", "bg"):
        with translation.override(language):
            for value in [value for value, _label in choices] + ["no-such-value"]:
                obj = model(**{field: value})
                mine = getattr(obj, f"get_{field}_display")()
                django = Model._get_FIELD_display(obj, model._meta.get_field(field))
                assert mine == django and type(mine) is type(django), (language, value)
    with translation.override("ru"):
        ru = Membership(role=Membership.Role.OWNER).get_role_display()
    with translation.override("en"):
        en = Membership(role=Membership.Role.OWNER).get_role_display()
    assert en == "Owner" and ru != en  # the map keeps labels lazy: each language gets its own
