"""Review 66: an account whose address was stored decomposed ("e" and a combining accent, before
review 65 stored addresses composed) saved its profile with the address the page showed, unchanged,
and was asked "Type your current password to change the email address." for a new time zone: the form
read the address composed and took it for another one. The same mailbox in either spelling is no
change (nor counted as an attempt at a taken address); another mailbox still asks for the password."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club.models import User

from .conftest import client_for

pytestmark = pytest.mark.django_db

PROFILE = {"display_name": "", "preferred_language": "", "time_zone": "UTC"}
DECOMPOSED, COMPOSED = "bob@cafe\u0301.fr", "bob@caf\u00e9.fr"


@pytest.mark.parametrize("typed", [DECOMPOSED, COMPOSED])
def test_the_same_mailbox_in_either_spelling_needs_no_password(make_user, typed) -> None:
    bob = make_user("bob66")
    User.objects.filter(pk=bob.pk).update(email=DECOMPOSED)
    response = client_for(bob).post(
        reverse("profile"), {**PROFILE, "email": typed, "time_zone": "Europe/Sofia"}
    )
    assert response.status_code == 302, response.content.decode()[-1500:]
    bob.refresh_from_db()
    assert bob.time_zone == "Europe/Sofia"
    assert bob.email in (DECOMPOSED, COMPOSED)


def test_another_mailbox_still_asks_for_the_password(make_user) -> None:
    bob = make_user("bob67")
    User.objects.filter(pk=bob.pk).update(email=DECOMPOSED)
    response = client_for(bob).post(reverse("profile"), {**PROFILE, "email": "bob@cafe.fr"})
    assert response.status_code == 200
    assert "Type your current password to change the email address." in response.content.decode()
    bob.refresh_from_db()
    assert bob.email == DECOMPOSED
