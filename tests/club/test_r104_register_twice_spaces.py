"""Review 104: "Register" pressed twice on a phone whose keyboard ends a word it completed with a
space ("newbie "). The form reads the username without the spaces around it, so the first copy
opened "newbie"; the second copy, refused because the name was taken, looked for an account named
"newbie " to log in (review 29's rule: the same form again within a minute logs in), found none, and
the person read "A user with that username already exists." of the account he had just opened, not
logged in. The username is read as the form reads it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club.models import User
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

FORM = {
    "username": "newbie ",
    "email": "newbie@example.org",
    "display_name": "Newbie",
    "password1": TEST_PASSWORD,
    "password2": TEST_PASSWORD,
}


def _logged_in(client: Client) -> bool:
    return client.get(reverse("profile")).status_code == 200


@pytest.mark.parametrize("username", ["newbie ", " newbie", "\tnewbie\u00a0"])
def test_the_second_copy_of_a_username_typed_with_spaces_logs_in(username):
    first, second = Client(), Client()  # the first answer never reached the browser
    assert first.post(reverse("register"), {**FORM, "username": username}).status_code == 302
    assert User.objects.get().username == "newbie"
    response = second.post(reverse("register"), {**FORM, "username": username, "next": "/invite/abc/"})
    assert response.status_code == 302 and response.url == "/invite/abc/"
    assert _logged_in(second)
    assert User.objects.count() == 1
