"""One word in two cases is one name: "Вера" and "вера", "Клуб Вера" and "клуб вера".

The skeleton reads a Cyrillic or Greek capital as the Latin letter it is drawn like (so "Вера" and
Latin "Bepa" collide), but the small letter stays itself: "Вера" read "bepa" and "вера" read
"вepa", and both could be registered, and "вера" typed did not log in to "Вера". Each name keeps a
second form, its skeleton in small letters, and a name is refused when either of its forms equals
either form of another, wherever it is set (registration, the admin's forms, the database).
"""

from __future__ import annotations

from importlib import import_module

import pytest
from django.apps import apps
from django.db import IntegrityError, connection, transaction
from django.db.models import Q
from django.test import Client
from django.urls import reverse

from club import services
from club.confusables import name_forms, username_forms
from club.errors import ServiceError
from club.models import Club, Membership, User, shown_name_clashes_in_club, username_taken_by_look_alike
from tests.conftest import TEST_PASSWORD

from .conftest import client_for

pytestmark = pytest.mark.django_db

TWINS = [
    ("Вера", "вера"),
    ("вера", "Вера"),
    ("Вера", "ВЕРА"),
    ("ВЕРА", "вера"),
    ("вера", "ВЕРА"),
    ("Нина", "нина"),  # Н reads as a Latin H, н does not
    ("Тимур", "тимур"),
    ("Νίκος", "νίκος"),  # Greek Ν reads as a Latin N, ν as a Latin v
]
# Small look-alikes still collide, as before.
LOOK_ALIKES = [("vera", "vеra"), ("vera", "νera"), ("vika", "VIKA"), ("vika", "vlka"), ("bepa", "Вера")]
TAKEN = ("looks like one that is already taken", "A user with that username already exists")


def test_every_case_of_a_name_shares_its_small_form():
    assert username_forms("Вера") == ("bepa", "вepa")
    assert username_forms("вера") == ("вepa", "вepa")
    assert username_forms("ВЕРА")[1] == username_forms("вера")[1]
    assert name_forms("Клуб Вера")[1] == name_forms("клуб  вера")[1]


def test_a_name_is_taken_when_any_form_meets_any_form(make_user):
    make_user("Νu", email="nu@example.org")  # reads "nu", in small letters "vu"
    # Its first form meets the other's small one, and neither of the same kind meets.
    assert username_forms("nΥ") == ("ny", "nu")
    assert username_taken_by_look_alike("nΥ")
    assert username_taken_by_look_alike("vu")
    assert not username_taken_by_look_alike("ny")


def register(client: Client, username: str, email: str):
    return client.post(reverse("register"), {
        "username": username, "email": email, "display_name": "",
        "password1": TEST_PASSWORD, "password2": TEST_PASSWORD,
    })


@pytest.mark.parametrize("first, second", TWINS + LOOK_ALIKES)
def test_registration_refuses_the_name_in_another_case(first, second):
    assert register(Client(), first, "first@example.org").status_code == 302
    response = register(Client(), second, "second@example.org")
    assert response.status_code == 200
    assert any(words in response.content.decode() for words in TAKEN)
    assert User.objects.count() == 1


def test_names_that_only_resemble_stay_free():
    # "вера" and Latin "bepa" do not read alike (only the capital В reads as a B).
    for name, email in (("вера", "a@example.org"), ("bepa", "b@example.org"), ("нина", "c@example.org")):
        assert register(Client(), name, email).status_code == 302
    assert User.objects.count() == 3


def test_a_registration_that_loses_a_race_to_the_other_case_gets_the_sentence(monkeypatch):
    register(Client(), "Вера", "first@example.org")
    monkeypatch.setattr("club.models.username_taken_by_look_alike", lambda *a, **k: False)
    # Django's own check of the name in any case (PostgreSQL reads Cyrillic case) passes too.
    monkeypatch.setattr("django.contrib.auth.forms.UserCreationForm.clean_username",
                        lambda self: self.cleaned_data["username"])
    response = register(Client(), "вера", "second@example.org")
    assert response.status_code == 200
    assert "looks like one that is already taken" in response.content.decode()
    assert User.objects.count() == 1


def test_the_database_refuses_the_other_case_however_it_is_created(make_user):
    make_user("Вера", email="vera@example.org")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("вера", email="other@example.org", password=None)


def _admin_change(client: Client, user: User, username: str):
    change = client.get(reverse("admin:club_user_change", args=[user.pk]))
    form = change.context["adminform"].form
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data.update(username=username, time_zone="UTC", date_joined_0="2024-01-01", date_joined_1="00:00:00")
    data.pop("last_login", None)
    return client.post(reverse("admin:club_user_change", args=[user.pk]), data)


@pytest.mark.parametrize("first, second", [("Вера", "вера"), ("вера", "Вера"), ("вера", "ВЕРА")])
def test_the_admin_refuses_the_other_case_on_add_and_change(make_user, first, second):
    root = make_user("root", is_staff=True, is_superuser=True)
    make_user(first, email="vera@example.org")
    other = make_user("gleb")
    client = client_for(root)
    response = client.post(reverse("admin:club_user_add"), {
        "username": second, "password1": TEST_PASSWORD, "password2": TEST_PASSWORD,
        "usable_password": "true",
    })
    assert response.status_code == 200
    assert any(words in response.content.decode() for words in TAKEN)
    response = _admin_change(client, other, second)
    assert response.status_code == 200
    assert "looks like one that is already taken" in response.content.decode()
    other.refresh_from_db()
    assert other.username == "gleb"
    assert User.objects.count() == 3


def test_a_user_may_change_the_case_of_his_own_name(make_user):
    root = make_user("root", is_staff=True, is_superuser=True)
    vera = make_user("вера", email="vera@example.org")
    response = _admin_change(client_for(root), vera, "Вера")
    assert response.status_code == 302
    vera.refresh_from_db()
    assert (vera.username, vera.username_skeleton, vera.username_small_skeleton) == ("Вера", "bepa", "вepa")


@pytest.mark.parametrize("account, typed", [
    ("Вера", "вера"), ("Вера", "ВЕРА"), ("Вера", "вЕРА"), ("Вера", "Вера"),
    ("вера", "Вера"), ("вера", "ВЕРА"), ("Нина", "нина"), ("vera", "νera"),
])
def test_the_name_logs_in_in_any_case(make_user, account, typed):
    user = make_user(account, email="account@example.org")
    client = Client()
    response = client.post(reverse("login"), {"username": typed, "password": TEST_PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_every_case_of_a_name_shares_its_lock_out(make_user):
    make_user("Вера", email="vera@example.org")
    client = Client()
    for typed in ("вера", "ВЕРА", "Вера", "вЕра", "веРА"):
        client.post(reverse("login"), {"username": typed, "password": "wrong"})
    response = client.post(reverse("login"), {"username": "Вера", "password": TEST_PASSWORD})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("first, second", [("Клуб Вера", "клуб вера"), ("клуб вера", "Клуб Вера"),
                                           ("Клуб Вера", "КЛУБ ВЕРА"), ("Нива", "нива")])
def test_a_club_name_in_another_case_is_refused(owner, stranger, first, second):
    services.club_create(user=owner, name=first)
    response = client_for(stranger).post(reverse("club_create"), {"name": second, "join_policy": "open"})
    assert response.status_code == 200
    assert "or with a name that looks the same" in response.content.decode()
    with pytest.raises(ServiceError):
        services.club_create(user=stranger, name=second)
    assert Club.objects.count() == 1


def test_a_club_may_not_be_renamed_to_another_clubs_name_in_another_case(owner):
    services.club_create(user=owner, name="Клуб Вера")
    other = services.club_create(user=owner, name="Клуб Нина")
    with pytest.raises(ServiceError):
        services.club_update(club=other, actor=owner, name="клуб вера", description="",
                             join_policy="open")
    # Its own name in another case is its own.
    services.club_update(club=other, actor=owner, name="КЛУБ НИНА", description="", join_policy="open")
    other.refresh_from_db()
    assert other.name == "КЛУБ НИНА"


def test_the_database_refuses_a_club_name_in_another_case(owner):
    services.club_create(user=owner, name="Клуб Вера")
    with pytest.raises(IntegrityError), transaction.atomic():
        Club.objects.create(name="клуб вера", slug="klub-vera-2", created_by=owner)


def test_a_club_lost_in_a_race_to_the_other_case_gets_the_sentence(owner, stranger, monkeypatch):
    services.club_create(user=owner, name="Клуб Вера")
    monkeypatch.setattr("club.services.club_look_alikes", lambda name: Q(pk__in=[]))
    with pytest.raises(ServiceError) as refused:
        services.club_create(user=stranger, name="клуб вера")
    assert "or with a name that looks the same" in refused.value.message
    assert Club.objects.count() == 1


@pytest.mark.parametrize("first, second", [("Вера", "вера"), ("вера", "ВЕРА"), ("Нина", "нина")])
def test_a_display_name_in_another_case_is_refused_in_ones_clubs(club, member, make_user, first, second):
    vera = make_user("vera_k", display_name=first)
    services.membership_join(club=club, user=vera)
    response = client_for(member).post(reverse("profile"), {
        "display_name": second, "email": "petar@example.org", "preferred_language": "en",
        "time_zone": "UTC",
    })
    assert response.status_code == 200
    assert "looks like the name of someone in your clubs" in response.content.decode()
    member.refresh_from_db()
    assert member.display_name == "Petar"


def test_a_username_shown_as_the_name_counts_in_any_case(club, make_user):
    vera = make_user("Вера", email="vera@example.org", display_name="")
    services.membership_join(club=club, user=vera)
    impostor = make_user("ivan", display_name="вера")
    assert shown_name_clashes_in_club(impostor, club.pk)
    with pytest.raises(ServiceError):
        services.membership_join(club=club, user=impostor)
    assert not Membership.objects.filter(club=club, user=impostor).exists()


def test_the_migration_marks_the_later_of_two_existing_twins(make_user, owner):
    """Names taken before the small form was kept: the later of two that read alike keeps
    "form#pk" in the clashing form, so the migration never fails on old data; both keep saving."""
    fill_users = import_module("club.migrations.0013_small_skeletons").fill_users
    fill_clubs = import_module("club.migrations.0013_small_skeletons").fill_clubs
    first = make_user("Вера", email="vera@example.org", display_name="Нина")
    second = make_user("gleb")
    third = make_user("anna")
    User.objects.filter(pk=second.pk).update(username="вера", username_skeleton="вepa")
    User.objects.filter(pk=third.pk).update(username="ВЕРА", username_skeleton="bepa#7")  # 0002's mark
    User.objects.update(display_small_skeleton="")
    fill_users(apps, None)
    first.refresh_from_db()
    second.refresh_from_db()
    third.refresh_from_db()
    assert (first.username_skeleton, first.username_small_skeleton) == ("bepa", "вepa")
    assert first.display_small_skeleton == name_forms("нина")[0]
    # The second's own first form meets the first's small one: both its forms are marked.
    assert (second.username_skeleton, second.username_small_skeleton) == (
        f"вepa#{second.pk}", f"вepa#{second.pk}")
    assert (third.username_skeleton, third.username_small_skeleton) == ("bepa#7", f"вepa#{third.pk}")
    for user in (second, third):
        user.display_name = "Old twin"
        user.save()
        user.last_login = None
        user.save(update_fields=["last_login"])
    first.refresh_from_db()
    assert first.username_small_skeleton == "вepa"
    # Each still logs in by his own name.
    for user in (first, second, third):
        assert User.objects.get_by_natural_key(user.username) == user

    one = services.club_create(user=owner, name="Клуб Вера")
    two = services.club_create(user=owner, name="Клуб Нина")
    small = name_forms("клуб вера")[0]
    Club.objects.filter(pk=two.pk).update(name="клуб вера", name_skeleton=small)
    fill_clubs(apps, None)
    one.refresh_from_db()
    two.refresh_from_db()
    assert one.name_small_skeleton == small
    assert (two.name_skeleton, two.name_small_skeleton) == (f"{small}#{two.pk}", f"{small}#{two.pk}")
    two.description = "still saves"
    two.save()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)")
def test_two_registrations_of_one_name_in_two_cases_at_once():
    """Both pass the form's check at once; the unique small form lets one in and the page of the
    other says why (not a server error)."""
    from .test_races import race

    names = ["Вера", "вера", "ВЕРА", "вЕРА"]
    responses = race(4, lambda i: register(Client(), names[i], f"v{i}@example.org"))
    assert not [r for r in responses if isinstance(r, Exception)], responses
    assert sorted(r.status_code for r in responses) == [200, 200, 200, 302]
    for response in responses:
        if response.status_code == 200:
            assert any(words in response.content.decode() for words in TAKEN)
    assert User.objects.count() == 1


def test_an_admin_save_that_loses_a_race_gets_the_sentence(make_user, monkeypatch):
    """The form's check passed, then another account took the name in another case before the row
    was written: the unique small form refuses it, and the form, asked again, says why."""
    root = make_user("root", is_staff=True, is_superuser=True)
    make_user("Вера", email="vera@example.org")
    other = make_user("gleb")
    calls: list[str] = []

    def first_check_misses(name: str, **kwargs) -> bool:
        # The first check misses the twin, as it would have a moment before it was written.
        calls.append(name)
        return len(calls) > 1 and username_taken_by_look_alike(name, **kwargs)

    monkeypatch.setattr("club.models.username_taken_by_look_alike", first_check_misses)
    response = _admin_change(client_for(root), other, "вера")
    assert response.status_code == 200
    assert "looks like one that is already taken" in response.content.decode()
    other.refresh_from_db()
    assert other.username == "gleb"
    assert len(calls) == 2
