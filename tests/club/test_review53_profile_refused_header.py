"""Review 53: a profile form refused (a mistyped email address, a name that reads like a
clubmate's) saved nothing, yet the page it came back on showed the refused display name in the
header, as his name: he took it for saved. The refused values stay in the form's fields only."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from club.models import User

pytestmark = pytest.mark.django_db


def _header_name(page: str) -> list[str]:
    return re.findall(r'class="user-name"[^>]*>([^<]*)<', page)


@pytest.mark.parametrize(
    "refused",
    [
        {"email": "not-an-email"},  # the email field refused
        {"time_zone": "Mars/Olympus"},  # a time zone nobody offers
        {"email": "other@example.org", "current_password": ""},  # a new address without the password
    ],
)
def test_a_refused_profile_leaves_the_header_as_it_was(make_user, refused):
    anna = make_user("anna", display_name="Anna")
    client = Client()
    client.force_login(anna)
    form = {
        "display_name": "Totally New",
        "email": "anna@example.org",
        "time_zone": "Europe/Sofia",
        "preferred_language": "",
        **refused,
    }
    page = client.post(reverse("profile"), form)
    assert page.status_code == 200
    text = page.content.decode()
    assert _header_name(text) == ["Anna"]
    assert 'value="Totally New"' in text  # what he typed is still in the field, to correct
    assert User.objects.get(pk=anna.pk).display_name == "Anna"


def test_a_saved_profile_shows_the_new_name(make_user):
    anna = make_user("anna", display_name="Anna")
    client = Client()
    client.force_login(anna)
    form = {"display_name": "Anna K", "email": "anna@example.org", "time_zone": "UTC"}
    page = client.post(reverse("profile"), form, follow=True)
    assert _header_name(page.content.decode()) == ["Anna K"]
