"""Host lists the site cannot use stop the start, naming the entry (review 80).

ALLOWED_HOSTS="khrap.example.org www.khrap.example.org" (a space for a comma) or a URL
("https://khrap.example.org/") started the site, and every request got Django's bare "Bad Request
(400)" with nothing in the log; a trusted origin with a path or a space ("https://a.org/") made every
form sent from the site fail its CSRF check."""

from __future__ import annotations

import pytest

from tests.club.test_settings_deploy import _manage

KEY = "k" + "0123456789abcdef" * 4


@pytest.mark.parametrize(
    ("value", "entry"),
    [
        ("khrap.example.org www.khrap.example.org", "khrap.example.org www.khrap.example.org"),
        ("https://khrap.example.org/", "https://khrap.example.org/"),
        ("khrap.example.org,khrap.example.org/play", "khrap.example.org/play"),
    ],
)
def test_an_allowed_host_that_is_no_host_name_stops_the_start(value, entry):
    result = _manage("check", DEBUG="0", SECRET_KEY=KEY, ALLOWED_HOSTS=value)
    assert result.returncode != 0
    assert f"ALLOWED_HOSTS: {entry!r} is not a host name" in result.stderr


@pytest.mark.parametrize("value", ["https://a.org/", "https://a.org https://b.org", "https://a.org/play"])
def test_a_trusted_origin_with_a_path_or_a_space_stops_the_start(value):
    result = _manage("check", DEBUG="0", SECRET_KEY=KEY, CSRF_TRUSTED_ORIGINS=value)
    assert result.returncode != 0
    assert "CSRF_TRUSTED_ORIGINS:" in result.stderr and "is not an origin" in result.stderr


def test_usual_lists_and_a_blank_are_read():
    code = "from django.conf import settings; print(settings.ALLOWED_HOSTS, settings.CSRF_TRUSTED_ORIGINS)"
    result = _manage(
        "shell",
        "-c",
        code,
        DEBUG="0",
        SECRET_KEY=KEY,
        ALLOWED_HOSTS=" khrap.example.org , .example.net,[::1],127.0.0.1,* ",
        CSRF_TRUSTED_ORIGINS="HTTPS://Khrap.example.org, https://*.example.net,http://localhost:8000",
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert (
        "['khrap.example.org', '.example.net', '[::1]', '127.0.0.1', '*'] "
        "['https://khrap.example.org', 'https://*.example.net', 'http://localhost:8000']"
    ) in result.stdout
    blank = _manage("shell", "-c", code, DEBUG="0", SECRET_KEY=KEY, ALLOWED_HOSTS=" ")
    assert "['localhost', '127.0.0.1', '[::1]'] []" in blank.stdout, blank.stderr[-2000:]
