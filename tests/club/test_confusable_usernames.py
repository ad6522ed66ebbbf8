"""A username that looks like an existing one is refused wherever a username is set: registration,
the admin's add and change forms, and the database itself (a unique skeleton), so an impostor "vеra"
(Cyrillic е) cannot stand beside the real "vera"."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from club.confusables import username_skeleton
from club.models import User
from tests.conftest import TEST_PASSWORD

from .conftest import client_for

pytestmark = pytest.mark.django_db

LOOK_ALIKES = [
    ("vera", "vеra"),          # Cyrillic е
    ("vera", "Vera"),          # case
    ("vera", "VERA"),
    ("anna", "аnnа"),          # Cyrillic а
    ("anna", "ａｎｎａ"),      # fullwidth
    ("anna", "ΑΝΝΑ"),          # Greek capitals
    ("boris", "bоris"),        # Cyrillic о
    ("boris", "b0ris"),        # zero
    ("boris", "ВОRIS"),        # Cyrillic В and О, Latin capital I
    ("paxos", "рахоs"),        # Cyrillic р а х о
    ("vlad", "v1ad"),          # one
    ("vlad", "vIad"),          # capital i
    ("vlad", "vӏad"),          # Cyrillic palochka
    ("vika", "VIKA"),          # capital I is small i by case and small l to the eye
    ("vika", "vlka"),
    ("kiss", "kіѕѕ"),          # Ukrainian і, Cyrillic ѕ
    ("joy", "јоу"),            # Cyrillic ј о у
    ("modern", "modem"),       # rn and m
    ("bepa", "Вера"),          # the Russian name read by a Latin eye
]

DIFFERENT = [("vera", "vero"), ("lena", "lina"), ("vera", "vera_"), ("ivan", "иван"), ("anna", "anna1"),
             ("misha", "masha")]


@pytest.mark.parametrize("first, second", LOOK_ALIKES)
def test_look_alikes_share_a_skeleton(first, second):
    assert first != second
    assert username_skeleton(first) == username_skeleton(second)


@pytest.mark.parametrize("first, second", DIFFERENT)
def test_different_names_keep_different_skeletons(first, second):
    assert username_skeleton(first) != username_skeleton(second)


def register(username: str, email: str) -> tuple[Client, object]:
    client = Client()
    response = client.post(reverse("register"), {
        "username": username, "email": email, "display_name": "Vera",
        "password1": TEST_PASSWORD, "password2": TEST_PASSWORD,
    })
    return client, response


@pytest.mark.parametrize("first, second", LOOK_ALIKES)
def test_registration_refuses_a_look_alike_username(first, second):
    _client, response = register(first, "first@example.org")
    assert response.status_code == 302
    _client, response = register(second, "second@example.org")
    assert response.status_code == 200
    page = response.content.decode()
    # Django's own check answers a case-only (or NFKC-only) twin first; the look-alike check the rest.
    assert ("looks like one that is already taken" in page
            or "A user with that username already exists" in page)
    assert User.objects.count() == 1


@pytest.mark.parametrize("first, second", DIFFERENT)
def test_registration_accepts_names_that_only_resemble(first, second):
    assert register(first, "first@example.org")[1].status_code == 302
    assert register(second, "second@example.org")[1].status_code == 302


def test_a_registration_that_loses_a_race_gets_the_sentence(monkeypatch):
    """Two registrations at once both pass the form's check; the database's unique skeleton refuses
    the second, and the page says why instead of a server error."""
    register("vera", "first@example.org")
    monkeypatch.setattr("club.models.username_taken_by_look_alike", lambda *a, **k: False)
    _client, response = register("vеra", "second@example.org")
    assert response.status_code == 200
    assert "looks like one that is already taken" in response.content.decode()
    assert User.objects.count() == 1


def test_the_database_refuses_a_look_alike_however_it_is_created(make_user):
    make_user("vera")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("vеra", password=None)


def test_admin_add_and_change_forms_refuse_a_look_alike(make_user):
    root = make_user("root", is_staff=True, is_superuser=True)
    make_user("vera")
    other = make_user("gleb")
    client = client_for(root)
    response = client.post(reverse("admin:club_user_add"), {
        "username": "vеra", "password1": TEST_PASSWORD, "password2": TEST_PASSWORD,
        "usable_password": "true",
    })
    assert response.status_code == 200
    assert "looks like one that is already taken" in response.content.decode()
    change = client.get(reverse("admin:club_user_change", args=[other.pk]))
    assert change.status_code == 200
    form = change.context["adminform"].form
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data.update(username="VERA", time_zone="UTC", date_joined_0="2024-01-01", date_joined_1="00:00:00")
    data.pop("last_login", None)
    response = client.post(reverse("admin:club_user_change", args=[other.pk]), data)
    assert "looks like one that is already taken" in response.content.decode()
    other.refresh_from_db()
    assert other.username == "gleb"


def test_a_user_may_keep_and_save_his_own_name(make_user):
    vera = make_user("vera")
    client = client_for(vera)
    response = client.post(reverse("profile"), {"display_name": "Vera P.", "email": "vera@example.org",
                                                 "preferred_language": "", "time_zone": "UTC"})
    assert response.status_code == 302
    vera.refresh_from_db()
    vera.full_clean()
    assert vera.username_skeleton == "vera"


def test_old_look_alike_pairs_survive_the_migration_and_later_saves(make_user):
    from importlib import import_module

    fill = import_module("club.migrations.0002_username_skeleton").fill_skeletons
    fill_small = import_module("club.migrations.0013_small_skeletons").fill_users
    first = make_user("vera")
    second = make_user("gleb")
    User.objects.filter(pk=second.pk).update(username="vеra", username_skeleton="")
    fill(apps, None)
    fill_small(apps, None)
    second.refresh_from_db()
    assert second.username_skeleton == f"vera#{second.pk}"
    assert second.username_small_skeleton == f"vera#{second.pk}"
    second.display_name = "Old impostor"
    second.save()
    second.last_login = None
    second.save(update_fields=["last_login"])
    first.refresh_from_db()
    assert first.username_skeleton == "vera"
