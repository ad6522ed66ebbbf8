"""Review 66: "Register" pressed twice logs the second copy in (review 29) when its username, address
and password are the first copy's. Since review 65 the address is stored composed (NFC), and the
second copy's address was looked up as typed: typed decomposed ("u" and a combining mark, as some
keyboards write "ü"), the second copy was refused "A user with that username already exists." and
he was not logged in, though the first copy had opened his account."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club.models import User

from .test_review29_register_twice import FORM, _logged_in

pytestmark = pytest.mark.django_db


def test_the_second_copy_with_a_decomposed_address_logs_in() -> None:
    form = {**FORM, "email": "newbie@mu\u0308ller.de"}
    first, second = Client(), Client()
    assert first.post(reverse("register"), form).status_code == 302
    assert User.objects.get(username="newbie").email == "newbie@m\u00fcller.de"
    response = second.post(reverse("register"), form)
    assert response.status_code == 302, response.content.decode()[-1500:]
    assert _logged_in(second)
    assert User.objects.filter(username="newbie").count() == 1
    # Another mailbox is still not his.
    third = Client()
    assert third.post(reverse("register"), {**form, "email": "newbie@muller.de"}).status_code == 200
    assert not _logged_in(third)
