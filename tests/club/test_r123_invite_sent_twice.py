"""The "Create an invite link" form sent twice (a double click with the page's script not yet run,
a browser's retry) made two invite links and two rows of the club's log (review 123). The form
carries a one-time token, as the table and grant forms do: the same form again makes nothing and
says the link is already made; a new form (the page loaded again) makes another link."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from club.models import AuditLog, Invite

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_time_zone() -> None:
    timezone.deactivate()


def _form(client: Client, club) -> dict:
    page = client.get(club.get_absolute_url()).content.decode()
    form = page[page.index('id="invites"') :]
    form = form[: form.index("</form>")]
    return dict(re.findall(r'name="(\w+)"[^>]*?value="([^"]*)"', form))


def test_the_same_form_twice_makes_one_link(club, owner):
    client = Client()
    client.force_login(owner)
    data = _form(client, club) | {"days_valid": "7", "max_uses": "1"}
    assert "token" in data
    url = f"{club.get_absolute_url()}invites/"
    first = client.post(url, data)
    assert next(m.message for m in get_messages(first.wsgi_request)).startswith("A new invite link is ready")
    second = client.post(url, data)
    assert Invite.objects.filter(club=club).count() == 1
    assert AuditLog.objects.filter(club=club, action="invite.created").count() == 1
    said = list(get_messages(second.wsgi_request))
    # Said as news (what was asked is done), not in red.
    assert [(m.level_tag, m.message) for m in said][-1:] == [
        ("info", "This invite link was already made: copy it from the list of invites.")
    ]

    # A new form (the page again) makes a new link.
    client.post(url, _form(client, club) | {"days_valid": "7", "max_uses": "1"})
    assert Invite.objects.filter(club=club).count() == 2


def test_a_form_without_a_token_still_makes_a_link(club, owner):
    client = Client()
    client.force_login(owner)
    url = f"{club.get_absolute_url()}invites/"
    client.post(url, {"days_valid": "7", "max_uses": "1"})
    client.post(url, {"days_valid": "7", "max_uses": "1"})
    assert Invite.objects.filter(club=club).count() == 2


def test_a_refused_invite_form_keeps_the_numbers_typed(club, owner):
    client = Client()
    client.force_login(owner)
    data = _form(client, club) | {"days_valid": "120", "max_uses": "25"}
    response = client.post(f"{club.get_absolute_url()}invites/", data)
    assert response.status_code == 200
    page = response.content.decode()
    form = page[page.index('id="invites"') :]
    form = form[: form.index("</form>")]
    assert 'value="120"' in form and 'value="25"' in form, form
    assert f'value="{data["token"]}"' in form  # the same form: sent again corrected, it makes one link
    assert "An invite can be valid for 1 to 90 days" in page
    assert not Invite.objects.filter(club=club).exists()
