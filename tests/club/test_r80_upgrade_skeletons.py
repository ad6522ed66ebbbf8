"""An upgrade from the release before the look-alike table read punctuation (review 80).

Its database kept the forms computed then: "veraꓸk" (a Lisu tone letter) beside "vera.k", and
"oˍneil" (a low macron) beside "o_neil", both taken then, read alike to the code now, and the second
one's next save met the first's stored form: every log-in of his (it saves the time of the log-in)
was a server error. A club named "Anna‐Maria" (U+2010) beside "Anna-Maria" could not save its
settings. The migration computes every form again; the later of two that now read alike keeps
"form#pk", as 0014 did."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.apps import apps
from django.test import Client

from club.models import Club, User
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

MIGRATION = "club.migrations.0016_punctuation_skeletons"


def _as_stored_before(model, pk: int, **forms: str) -> None:
    """The row as the release before left it: its forms read the punctuation as itself."""
    model.objects.filter(pk=pk).update(**forms)


def _migrate() -> None:
    for operation in import_module(MIGRATION).Migration.operations:
        operation.code(apps, None)


def test_a_name_that_reads_like_another_now_still_logs_in_after_the_upgrade(make_user):
    first = make_user("vera.k")
    later = make_user("oneil")
    User.objects.filter(pk=later.pk).update(username="veraꓸk")
    _as_stored_before(User, later.pk, username_skeleton="veraꓸk", username_small_skeleton="veraꓸk")
    _migrate()
    later.refresh_from_db()
    first.refresh_from_db()
    assert (first.username_skeleton, first.username_small_skeleton) == ("vera.k", "vera.k")
    mark = f"vera.k#{later.pk}"
    assert (later.username_skeleton, later.username_small_skeleton) == (mark, mark)
    for username in ("vera.k", "veraꓸk"):
        client = Client(raise_request_exception=False)
        response = client.post("/accounts/login/", {"username": username, "password": TEST_PASSWORD})
        assert response.status_code == 302, username
        assert client.get("/accounts/profile/").status_code == 200


def test_a_stale_form_is_computed_again_so_a_new_look_alike_is_refused(make_user):
    alone = make_user("oneil")
    User.objects.filter(pk=alone.pk).update(username="oˍneil", display_name="O’Neil")
    _as_stored_before(
        User,
        alone.pk,
        username_skeleton="oˍnell",
        username_small_skeleton="oˍnell",
        display_skeleton="o’nell",
        display_small_skeleton="o’nell",
    )
    _migrate()
    alone.refresh_from_db()
    assert (alone.username_skeleton, alone.username_small_skeleton) == ("o_nell", "o_nell")
    assert alone.display_skeleton == "o'nell"
    response = Client().post(
        "/accounts/register/",
        {
            "username": "o_neil",
            "email": "o.neil@example.org",
            "display_name": "",
            "password1": TEST_PASSWORD,
            "password2": TEST_PASSWORD,
        },
    )
    assert response.status_code == 200
    assert "looks like one that is already taken" in response.content.decode()


def test_two_clubs_that_read_alike_now_both_save(make_user, make_club):
    owner = make_user("anna")
    first = make_club(owner, "Anna Maria")
    later = make_club(make_user("boris"), "Other Club")
    Club.objects.filter(pk=first.pk).update(name="Anna‐Maria")
    _as_stored_before(Club, first.pk, name_skeleton="anna‐marla", name_small_skeleton="anna‐marla")
    Club.objects.filter(pk=later.pk).update(name="Anna-Maria")
    _as_stored_before(Club, later.pk, name_skeleton="anna-marla", name_small_skeleton="anna-marla")
    _migrate()
    for club in (first, later):
        club = Club.objects.get(pk=club.pk)
        club.description = "Saved after the upgrade"
        club.save()
    assert Club.objects.get(pk=later.pk).name_skeleton == f"anna-marla#{later.pk}"
