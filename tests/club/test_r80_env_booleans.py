"""A yes-or-no variable the site cannot read stops it with the variable's name (review 80).

Anything but 1, true, yes or on was read as "no": HTTPS_ONLY=ture (a typo) or a stray space served
the site on plain HTTP without secure cookies or HSTS, and nothing said so; DEBUG=2 was quietly off."""

from __future__ import annotations

import pytest

from tests.club.test_settings_deploy import _manage

KEY = "k" + "0123456789abcdef" * 4


@pytest.mark.parametrize(
    ("name", "value"),
    [("HTTPS_ONLY", "ture"), ("DEBUG", "2"), ("BEHIND_PROXY", "yess"), ("TABLE_TICKER", "of")],
)
def test_an_unreadable_yes_or_no_stops_the_start_naming_the_variable(name, value):
    env = {"DEBUG": "0", "SECRET_KEY": KEY, name: value}
    result = _manage("check", **env)
    assert result.returncode != 0
    assert f"{name}=" in result.stderr and "yes or a no" in result.stderr


@pytest.mark.parametrize("value", ["", " ", "Yes", " off ", "FALSE", "1", "no"])
def test_the_usual_spellings_and_a_blank_are_read(value):
    result = _manage("check", DEBUG="0", SECRET_KEY=KEY, HTTPS_ONLY=value)
    assert result.returncode == 0, result.stderr[-2000:]


def test_a_blank_leaves_https_on():
    """A blank is the variable unset (compose writes HTTPS_ONLY: ${HTTPS_ONLY:-1}): on with DEBUG off."""
    code = "from django.conf import settings; print(settings.HTTPS_ONLY, settings.SESSION_COOKIE_SECURE)"
    result = _manage("shell", "-c", code, DEBUG="0", SECRET_KEY=KEY, HTTPS_ONLY="  ")
    assert result.stdout.split()[-2:] == ["True", "True"], result.stderr[-2000:]
