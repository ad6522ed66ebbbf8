"""A username logs in however it is typed as read: registration keeps usernames unique by how they
read (case, look-alike letters), so "Vera" typed for "vera" is one account, and one name to the
lock-out too (each spelling must not get its own five tries)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("typed", ["vera", "Vera", "VERA", "vеra"])  # the last with a Cyrillic е
def test_the_username_logs_in_in_any_case(make_user, typed):
    vera = make_user("vera")
    client = Client()
    response = client.post(reverse("login"), {"username": typed, "password": TEST_PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(vera.pk)


def test_the_wrong_password_in_another_case_is_still_refused(make_user):
    make_user("vera")
    client = Client()
    response = client.post(reverse("login"), {"username": "Vera", "password": "wrong"})
    assert response.status_code == 200 and "_auth_user_id" not in client.session


def test_spellings_of_one_name_share_its_lock_out(make_user):
    make_user("vera")
    client = Client()
    for typed in ("Vera", "VERA", "vERA", "veRa", "verA"):
        client.post(reverse("login"), {"username": typed, "password": "wrong"})
    response = client.post(reverse("login"), {"username": "vera", "password": TEST_PASSWORD})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_admin_login_reads_the_name_alike(make_user, make_club):
    anna = make_user("anna")
    make_club(anna, "Case Club")  # an owner may use the admin
    client = Client()
    response = client.post(
        reverse("admin:login"), {"username": "ANNA", "password": TEST_PASSWORD, "next": "/admin/"}
    )
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(anna.pk)
