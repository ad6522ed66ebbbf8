"""A number the site cannot use stops the start, naming the variable (review 80).

DB_POOL_SIZE=abc stopped it with "invalid literal for int() with base 10: 'abc'" and no name; a
TABLE_SWEEP_SECONDS of 0 made beat send the sweep without pause, a negative pause or a blank
TABLE_BOT_DELAY (read when the first bot moved) failed the table clock at run time, an EMAIL_PORT
of 70000 failed the first mail."""

from __future__ import annotations

import pytest

from tests.club.test_settings_deploy import _manage

KEY = "k" + "0123456789abcdef" * 4


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DB_POOL_SIZE", "abc"),
        ("TABLE_SWEEP_SECONDS", "0"),
        ("TABLE_BOT_DELAY", "-1"),
        ("TABLE_CONNECTS_PER_SECOND", "nan"),
        ("AXES_FAILURE_LIMIT", "2.5"),
        ("TRUSTED_PROXY_COUNT", "-1"),
    ],
)
def test_an_unusable_number_stops_the_start_naming_the_variable(name, value):
    result = _manage("check", DEBUG="0", SECRET_KEY=KEY, **{name: value})
    assert result.returncode != 0
    assert f"{name}={value!r} is not a" in result.stderr


def test_blank_numbers_are_unset_and_spaces_around_are_read(monkeypatch):
    code = (
        "from django.conf import settings; from games import conf; "
        "print(settings.DB_POOL_SIZE, settings.AXES_FAILURE_LIMIT, settings.TABLE_SWEEP_SECONDS, "
        "conf.bot_delay())"
    )
    result = _manage(
        "shell",
        "-c",
        code,
        DEBUG="0",
        SECRET_KEY=KEY,
        DB_POOL_SIZE=" 3 ",
        AXES_FAILURE_LIMIT=" ",
        TABLE_SWEEP_SECONDS="0.5",
        TABLE_BOT_DELAY=" ",
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split()[-4:] == ["3", "5", "0.5", "0.9"]
