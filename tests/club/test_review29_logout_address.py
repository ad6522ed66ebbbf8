"""Review 29: the log-out address opened by hand (typed, picked from the browser's history, a
bookmark) answered a blank page: Django's LogoutView takes POST only, so a GET was a 405 with no
words in any language. A GET now asks to confirm with the same button the header has (a GET still
logs nobody out: another site could link to it), and one already logged out goes home.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from .conftest import client_for

pytestmark = pytest.mark.django_db


def test_a_get_of_the_log_out_address_asks_to_confirm_and_keeps_the_log_in(make_user):
    client = client_for(make_user("anna"))
    response = client.get(reverse("logout"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Log out of Khrap Club?" in page
    assert f'method="post" action="{reverse("logout")}"' in page
    assert "csrfmiddlewaretoken" in page
    assert client.get(reverse("profile")).status_code == 200  # still logged in


def test_the_page_is_in_the_readers_language(make_user):
    client = client_for(make_user("anna", preferred_language="ru"))
    page = client.get(reverse("logout")).content.decode()
    assert "Выйти из клуба «Храп»?" in page


def test_the_confirmation_logs_out(make_user):
    client = client_for(make_user("anna"))
    response = client.post(reverse("logout"))
    assert response.status_code == 302 and response.url == reverse("home")
    assert client.get(reverse("profile")).status_code == 302


def test_one_already_logged_out_goes_home():
    response = Client().get(reverse("logout"))
    assert response.status_code == 302 and response.url == reverse("home")


def test_other_methods_are_still_refused(make_user):
    client = client_for(make_user("anna"))
    assert client.put(reverse("logout")).status_code == 405
