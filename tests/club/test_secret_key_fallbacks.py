"""SECRET_KEY_FALLBACKS: a key changed (after a leak, or on a schedule) logged every player out at
once and voided every password-reset link in flight: there was no way to keep the old key trusted for
a while. Old keys are read from the environment, each held to SECRET_KEY's bar."""

from __future__ import annotations

import os

from django.test import Client

from tests.club.test_settings_deploy import _manage

OLD = "old-" + os.urandom(30).hex()
NEW = "new-" + os.urandom(30).hex()


def test_old_keys_are_read_from_the_environment():
    code = f"from django.conf import settings; print(settings.SECRET_KEY_FALLBACKS == [{OLD!r}])"
    shown = _manage(
        "shell", "-c", code,
        DEBUG="0", SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=f" {OLD} ", ALLOWED_HOSTS="localhost",
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip().endswith("True"), shown.stdout


def test_a_weak_old_key_or_the_new_key_again_stops_the_start():
    weak = _manage("check", DEBUG="0", SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=f"{OLD},{'0' * 60}")
    assert weak.returncode != 0
    assert "SECRET_KEY_FALLBACKS: key 2 is not a random string" in weak.stderr
    same = _manage("check", DEBUG="0", SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=NEW)
    assert same.returncode != 0
    assert "SECRET_KEY_FALLBACKS: key 1 is SECRET_KEY itself" in same.stderr


def test_a_login_under_the_old_key_holds_while_it_is_a_fallback(make_user, settings):
    settings.SECRET_KEY = OLD
    back, away = Client(), Client()
    back.force_login(make_user("vera"))
    away.force_login(make_user("oleg"))
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = NEW, [OLD]
    assert back.get("/accounts/profile/").status_code == 200  # still logged in: moved to the new key
    settings.SECRET_KEY_FALLBACKS = []
    assert back.get("/accounts/profile/").status_code == 200
    # Not seen while the old key was a fallback: the login it signed is over.
    assert away.get("/accounts/profile/").status_code == 302
