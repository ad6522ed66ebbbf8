"""Review 75: two people opening two different clubs at the same moment whose names make one address
("Klub!" and "Klub?" both /clubs/klub/): the second was refused with "A club with this name, or with a
name that looks the same, already exists", which neither name did. It now gets the next address."""

from __future__ import annotations

import pytest
from django.db import connection

from club import services
from club.models import Club, User
from tests.club.test_races import race

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"),
]

NAMES = ["Klub!", "Klub?", "Klub.", "Klub:"]


def test_clubs_whose_names_make_one_address_opened_at_once_all_open() -> None:
    users = [User.objects.create_user(f"u{i}", password="x-long-password-1") for i in range(len(NAMES))]

    results = race(len(NAMES), lambda i: services.club_create(user=users[i], name=NAMES[i]))

    assert all(isinstance(r, Club) for r in results), results
    assert sorted(Club.objects.values_list("slug", flat=True)) == ["klub", "klub-2", "klub-3", "klub-4"]
