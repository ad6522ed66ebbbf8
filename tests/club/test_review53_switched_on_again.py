"""Review 53: an account switched off (a stolen account, say) and later switched on again. Its
logins stopped while it was off, but came back with it: whoever held a session cookie of it (the
thief's browser) was logged in again, though nobody had logged in. Switching an account off now
ends its sessions for good; switched on, its owner logs in afresh."""

from __future__ import annotations

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from club.models import User

pytestmark = pytest.mark.django_db


def _logged_in(client: Client) -> bool:
    return client.get(reverse("profile")).status_code == 200


def test_sessions_of_an_account_switched_off_do_not_come_back_with_it(make_user):
    anna = make_user("anna")
    boris = make_user("boris")
    thief, owner, other = Client(), Client(), Client()
    thief.force_login(anna)
    owner.force_login(anna)
    other.force_login(boris)

    anna = User.objects.get(pk=anna.pk)
    anna.is_active = False
    anna.save()
    assert not _logged_in(thief)

    anna = User.objects.get(pk=anna.pk)
    anna.is_active = True
    anna.save()
    assert not _logged_in(thief)
    assert not _logged_in(owner)
    assert _logged_in(other)  # another person's session is not touched

    fresh = Client()
    fresh.force_login(anna)
    assert _logged_in(fresh)


def test_a_save_that_leaves_the_account_on_keeps_its_sessions(make_user):
    anna = make_user("anna")
    client = Client()
    client.force_login(anna)
    anna = User.objects.get(pk=anna.pk)
    anna.display_name = "Anna"
    anna.save()
    assert _logged_in(client)
    assert Session.objects.count() == 1
