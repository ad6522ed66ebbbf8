"""createsuperuser refuses an address another account uses, in a line (review 80).

An operator who gave `createsuperuser` the address of an existing account (in any case) got an
IntegrityError traceback ("duplicate key value violates unique constraint
club_user_email_ci_unique"); in its other spelling (its domain in punycode) a
second account of the same mailbox was made, which the sign-up and profile forms refuse. Now it
answers "Another account already uses this email address." and creates nothing."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from club.models import User

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("typed", ["Vera.K@Example.org", "vera.k@example.org", "rene@xn--e1afmkfd.xn--p1ai"])
def test_an_address_another_account_uses_is_refused(make_user, monkeypatch, typed):
    make_user("vera", email="vera.k@example.org")
    make_user("rene", email="rene@пример.рф")
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "Very-long-pass-2026")
    before = User.objects.count()
    with pytest.raises(CommandError) as refused:
        call_command("createsuperuser", "--noinput", username="root", email=typed)
    assert str(refused.value) == "Another account already uses this email address."
    assert User.objects.count() == before


def test_a_free_address_makes_the_superuser(make_user, monkeypatch):
    make_user("vera", email="vera.k@example.org")
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "Very-long-pass-2026")
    call_command("createsuperuser", "--noinput", username="root", email="root@example.org")
    assert User.objects.get(username="root").is_superuser
