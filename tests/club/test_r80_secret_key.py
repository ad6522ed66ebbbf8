"""A SECRET_KEY of one character repeated stops the start (review 80).

Only its length was checked: sixty spaces (a template's placeholder filled with blanks) or "0" * 60
started the site, its sessions and reset links signed with a key anyone could guess; only
`check --deploy` warned, and the site never runs it."""

from __future__ import annotations

import pytest

from tests.club.test_settings_deploy import _manage


@pytest.mark.parametrize("key", [" " * 60, "0" * 60, "abab" * 20])
def test_a_key_of_few_characters_is_refused(key):
    result = _manage("check", DEBUG="0", SECRET_KEY=key)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
