"""A blank EMAIL_HOST is unset, as every blank setting (review 80).

EMAIL_HOST=" " (a template's line filled with a space) chose SMTP to the host " ": the site
started, and every password-reset mail failed later, in the background, with only a line in the
log; the person asking was told his mail was on its way. A host with spaces around is read too."""

from __future__ import annotations

import pytest

from tests.club.test_settings_deploy import _manage

KEY = "k" + "0123456789abcdef" * 4
CODE = "from django.conf import settings; print(settings.EMAIL_BACKEND, getattr(settings, 'EMAIL_HOST', '-'))"


@pytest.mark.parametrize(
    ("value", "backend", "host"),
    [
        (" ", "django.core.mail.backends.console.EmailBackend", "localhost"),
        (" smtp.example.org ", "django.core.mail.backends.smtp.EmailBackend", "smtp.example.org"),
    ],
)
def test_the_mail_host_is_read_without_spaces(value, backend, host):
    result = _manage("shell", "-c", CODE, DEBUG="0", SECRET_KEY=KEY, EMAIL_HOST=value)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split()[-2:] == [backend, host]
