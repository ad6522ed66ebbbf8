"""Review 55: the "open a table" form's token (which makes a double click open one table) was the
table itself whatever the form asked. A manager who went back to the form (the back button keeps
the page and its token), changed the title and the time and sent it, landed on the first table,
told it was open, and no second table was opened. One who had called the first table off and sent
the form again read 'The table “Friday” is open.' about the cancelled table. The same form again
with the same values is still the same table; with other values, or once its table is cancelled,
it opens a new one."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from games.models import TableSession
from games.services.schedule import session_cancel

from .conftest import TABLE_FORM

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_the_form_sent_again_with_another_title_opens_that_table(club, owner):
    client = _client(owner)
    token = uuid.uuid4().hex
    url = f"/clubs/{club.slug}/tables/new/"
    first = client.post(url, {**TABLE_FORM, "token": token})
    again = client.post(url, {**TABLE_FORM, "title": "Saturday", "token": token})
    assert first.status_code == again.status_code == 302
    assert first["Location"] != again["Location"]
    titles = TableSession.objects.filter(club=club).values_list("title", flat=True)
    assert sorted(titles) == ["Friday", "Saturday"]
    # And that one sent again is still one table.
    client.post(url, {**TABLE_FORM, "title": "Saturday", "token": token})
    assert TableSession.objects.filter(club=club).count() == 2


def test_the_form_sent_again_after_its_table_was_cancelled_opens_a_new_one(club, owner):
    client = _client(owner)
    form = {**TABLE_FORM, "token": uuid.uuid4().hex}
    client.post(f"/clubs/{club.slug}/tables/new/", form)
    cancelled = TableSession.objects.get(club=club)
    session_cancel(session_id=cancelled.pk, actor=owner)
    again = client.post(f"/clubs/{club.slug}/tables/new/", form)
    assert again.status_code == 302
    opened = TableSession.objects.filter(club=club).exclude(pk=cancelled.pk).get()
    assert again["Location"] == f"/tables/{opened.pk}/"
    assert opened.status == TableSession.Status.OPEN
    said = [str(m) for m in get_messages(again.wsgi_request)]
    assert said[-1] == "The table “Friday” is open.", said
