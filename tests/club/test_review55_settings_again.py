"""Review 55: the club's settings form sent again (a browser's retry, the form in a second tab, the
back button) after the first copy had saved it came back with the form and, in red, "Nothing was
changed.": the owner thought his change was lost. What he asked for is stored: he is told it is
saved and goes to the club, as the first time; one audit row. A form sent with no change at all is
still told that nothing was changed."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from club.models import AuditLog, Club

from .conftest import client_for
from .test_club_settings_stale import _fields

pytestmark = pytest.mark.django_db


def _said(response) -> list[tuple[str, str]]:
    return [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]


def test_the_settings_sent_again_are_said_saved(owner, club):
    client = client_for(owner)
    url = reverse("club_settings", args=[club.slug])
    form = {**_fields(client.get(url).content.decode()), "description": "Tuesdays at eight"}
    assert client.post(url, form).status_code == 302
    again = client.post(url, form)
    assert again.status_code == 302, again.status_code
    said = _said(again)
    assert said[-1][1] == "The club's settings have been saved.", said
    assert not [text for tag, text in said if tag == "error"]
    assert Club.objects.get(pk=club.pk).description == "Tuesdays at eight"
    assert AuditLog.objects.filter(action="club.updated").count() == 1


def test_a_form_with_no_change_still_says_so(owner, club):
    client = client_for(owner)
    url = reverse("club_settings", args=[club.slug])
    response = client.post(url, _fields(client.get(url).content.decode()))
    assert "Nothing was changed." in [text for _tag, text in _said(response)]
