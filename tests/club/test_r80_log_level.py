"""LOG_LEVEL is read in any case, and a level there is not stops the start naming it (review 80).

LOG_LEVEL=debug (as most tools write it) or LOG_LEVEL=verbose stopped the site with "ValueError:
Unable to configure root logger", naming no variable."""

from __future__ import annotations

import pytest

from tests.club.test_settings_deploy import _manage

KEY = "k" + "0123456789abcdef" * 4


@pytest.mark.parametrize(("value", "level"), [("debug", "DEBUG"), (" warning ", "WARNING"), ("", "INFO")])
def test_a_level_is_read_in_any_case(value, level):
    code = "import logging; print(logging.getLevelName(logging.getLogger().level))"
    result = _manage("shell", "-c", code, DEBUG="0", SECRET_KEY=KEY, LOG_LEVEL=value)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split()[-1] == level


def test_an_unknown_level_stops_the_start_naming_the_variable():
    result = _manage("check", DEBUG="0", SECRET_KEY=KEY, LOG_LEVEL="verbose")
    assert result.returncode != 0
    assert "LOG_LEVEL='verbose' is not a level" in result.stderr
