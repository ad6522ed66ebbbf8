"""The lock-out counts a username by its skeleton (``axes_username``), which can be longer than the
name typed: casefold() makes each "ß" "ss", so a valid 150-letter name reads as 300 letters. django-axes
keeps the name in a 255-character column: PostgreSQL refused the row (a 500 for every wrong
password, and no failure counted towards the lock-out)."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.urls import reverse

from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

LONG = "ß" * 150  # a valid username: 150 word characters


def test_a_long_skeleton_fits_the_lock_out_record_and_still_locks(make_user):
    make_user(LONG)
    client = Client()
    for _try in range(5):
        response = client.post(reverse("login"), {"username": LONG, "password": "wrong"})
        assert response.status_code in (200, 429)
    assert AccessAttempt.objects.exists()
    assert all(len(name) <= 255 for name in AccessAttempt.objects.values_list("username", flat=True))
    response = client.post(reverse("login"), {"username": LONG, "password": TEST_PASSWORD})
    assert response.status_code == 429 and "_auth_user_id" not in client.session
