"""Letters of other scripts drawn as Latin ones: "օlga" (Armenian օ), "ꓮnna" (Lisu), "Ᏼoris"
(Cherokee), "ᴠera" (a small capital) passed the look-alike check, so an impostor stood beside
"olga" on the table, in the deal list and in grants by name. Review 69."""

from __future__ import annotations

import unicodedata
from importlib import import_module

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse

from club import confusables, services
from club.confusables import name_forms, username_forms
from club.errors import ServiceError
from club.models import Club, User
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

LOOK_ALIKES = [
    ("olga", "օlga"),      # Armenian o
    ("olga", "ՕLGA"),      # Armenian capital O (folds to օ)
    ("ulya", "սlya"),      # Armenian u
    ("hana", "հana"),      # Armenian h
    ("nina", "ոina"),      # Armenian n
    ("anna", "ɑnna"),      # Latin alpha
    ("vera", "ᴠera"),      # small capital v
    ("zoe", "ᴢᴏe"),        # small capitals z, o
    ("sam", "ꜱam"),        # small capital s
    ("jan", "ȷan"),        # dotless j
    ("anna", "ꓮnna"),      # Lisu A
    ("mila", "miꓲa"),      # Lisu I
    ("boris", "ᏴORIS"),    # Cherokee B
    ("boris", "ᏼoris"),    # Cherokee small b (folds to the capital)
    ("eva", "Ꭼva"),        # Cherokee E
    ("oleg", "ⲟleg"),      # Coptic o
    ("lala", "ǀala"),      # click letter, a stroke
    ("bob", "ƅob"),        # tone letter six
    ("wolf", "ѡolf"),      # Cyrillic omega
    ("ok", "०k"),          # Devanagari zero
    ("cat", "ϲat"),        # Greek lunate sigma (NFKC would make it a σ)
]


@pytest.mark.parametrize("first, second", LOOK_ALIKES)
def test_letters_of_other_scripts_read_as_the_latin_letter(first, second):
    assert set(username_forms(first)) & set(username_forms(second))
    assert set(name_forms(first)) & set(name_forms(second))


def test_the_table_holds_no_letter_the_folds_take_away():
    """An entry the compatibility fold or the case fold turns into something else is never read
    (the lunate sigma sat in the small letters' table, NFKC made it a σ first)."""
    for code in confusables._SMALL:
        char = chr(code)
        assert unicodedata.normalize("NFKC", char).casefold() == char, hex(code)
    for code in confusables._CAPITALS:
        assert unicodedata.normalize("NFKC", chr(code)) == chr(code), hex(code)


def register(username: str, email: str):
    return Client().post(reverse("register"), {
        "username": username, "email": email, "display_name": "",
        "password1": TEST_PASSWORD, "password2": TEST_PASSWORD,
    })


@pytest.mark.parametrize("first, second", [("olga", "օlga"), ("anna", "ꓮnna"), ("boris", "Ᏼoris"),
                                           ("vera", "ᴠera")])
def test_registration_refuses_a_look_alike_from_another_script(first, second):
    assert register(first, "first@example.org").status_code == 302
    response = register(second, "second@example.org")
    assert response.status_code == 200
    assert "looks like one that is already taken" in response.content.decode()
    assert User.objects.count() == 1


def test_names_of_those_scripts_stay_free():
    """Armenian and Cherokee players keep their own names: only a name that reads as a taken one
    is refused."""
    assert register("Արամ", "aram@example.org").status_code == 302
    assert register("ᏣᎳᎩ", "tsalagi@example.org").status_code == 302
    assert register("aram", "latin@example.org").status_code == 302


def test_no_one_joins_a_club_under_a_display_name_from_another_script(make_user, make_club):
    olga = make_user("olga_p", display_name="Olga")
    club = make_club(olga, "Open Table")
    impostor = make_user("eve", display_name="Օlga")
    with pytest.raises(ServiceError):
        services.membership_join(club=club, user=impostor)


def test_a_club_name_from_another_script_is_refused(make_user, make_club):
    owner = make_user("olga")
    make_club(owner, "Demo Club")
    with pytest.raises(ServiceError):
        make_club(make_user("eve"), "Dеmօ Ꮯlub")
    assert Club.objects.count() == 1


def test_the_migration_marks_the_later_of_two_that_now_read_alike(make_user, make_club):
    """Names taken while the table was smaller: the later of two that now read alike keeps
    "form#pk", so the migration never fails; both still save and log in."""
    refill_users = import_module("club.migrations.0014_wider_skeletons").refill_users
    refill_clubs = import_module("club.migrations.0014_wider_skeletons").refill_clubs
    # The impostor first (as stored before: his own letters), the real name after.
    early = make_user("gleb")
    User.objects.filter(pk=early.pk).update(username="օlga", username_skeleton="օlga",
                                            username_small_skeleton="օlga")
    later = make_user("olga")
    refill_users(apps, None)
    early.refresh_from_db()
    later.refresh_from_db()
    assert (early.username_skeleton, early.username_small_skeleton) == ("olga", "olga")
    mark = f"olga#{later.pk}"
    assert (later.username_skeleton, later.username_small_skeleton) == (mark, mark)
    for user in (early, later):
        user.display_name = "Still saves"
        user.save()
        user.last_login = None
        user.save(update_fields=["last_login"])
        assert User.objects.get_by_natural_key(user.username) == user

    one = make_club(early, "Demo Club")
    two = make_club(later, "Other Club")
    old, real = "dеmօ club", "demo club"
    Club.objects.filter(pk=one.pk).update(name="Dеmօ Club", name_skeleton=old, name_small_skeleton=old)
    Club.objects.filter(pk=two.pk).update(name="Demo Club", name_skeleton=real, name_small_skeleton=real)
    refill_clubs(apps, None)
    one.refresh_from_db()
    two.refresh_from_db()
    assert one.name_skeleton == name_forms("Demo Club")[0]
    assert two.name_skeleton.endswith(f"#{two.pk}")
    two.description = "still saves"
    two.save()
