"""``User.objects.get(pk=...)``: the read of every logged-in request, compiled once per process; the
answer is the ORM's whatever the path."""

from __future__ import annotations

import pytest

from club.models import User
from tests.conftest import hashed_test_password

pytestmark = pytest.mark.django_db


def _user(name: str) -> User:
    return User.objects.create(username=name, password=hashed_test_password())


def test_get_by_pk_is_the_orms_answer() -> None:
    vera = _user("vera")
    got = User.objects.get(pk=vera.pk)
    assert got == User.objects.filter(pk=vera.pk).get()
    assert (got.username, got.password, got.is_active) == ("vera", vera.password, True)
    # The loaded login (club.models.User.from_db) is recorded as after any read.
    assert got._loaded_login == (vera.password, True)


def test_a_missing_pk_raises_does_not_exist() -> None:
    with pytest.raises(User.DoesNotExist):
        User.objects.get(pk=987_654_321)


def test_other_lookups_go_through_the_orm() -> None:
    vera = _user("vera")
    assert User.objects.get(pk=str(vera.pk)) == vera
    assert User.objects.get(username="vera") == vera
    assert User.objects.get(pk=vera.pk, is_active=True) == vera
    with pytest.raises(User.DoesNotExist):
        User.objects.get(pk=vera.pk, is_active=False)
