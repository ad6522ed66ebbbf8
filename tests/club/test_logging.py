"""A refused request (403, 404, 400) writes one line to the log, not a traceback (twice, in DEBUG);
a server error keeps its traceback."""

from __future__ import annotations

import io
import logging

import pytest
from django.urls import reverse

from club import services
from club.log_filters import ClientErrorsWithoutTraceback

from .conftest import client_for

pytestmark = pytest.mark.django_db


def _stream_handlers_reached(name: str) -> list[logging.StreamHandler]:
    """The stream handlers a record of logger ``name`` reaches (pytest's own capture aside)."""
    found: list[logging.StreamHandler] = []
    logger: logging.Logger | None = logging.getLogger(name)
    while logger is not None:
        found += [h for h in logger.handlers
                  if isinstance(h, logging.StreamHandler) and type(h).__module__.split(".")[0] != "_pytest"]
        logger = logger.parent if logger.propagate else None
    return found


@pytest.fixture
def site_log():
    """Everything the configured handlers write for django.request and django.security records."""
    stream = io.StringIO()
    handlers = {*_stream_handlers_reached("django.request"),
                *_stream_handlers_reached("django.security.DisallowedHost")}
    assert any(any(isinstance(f, ClientErrorsWithoutTraceback) for f in h.filters) for h in handlers)
    old = {h: h.setStream(stream) for h in handlers}
    yield stream
    for h, previous in old.items():
        h.setStream(previous)


@pytest.mark.parametrize("debug", [False, True])
def test_a_403_is_one_line_without_traceback(club, owner, make_user, site_log, settings, debug):
    settings.DEBUG = debug  # the demo runs with DEBUG on, where Django's own handler printed it again
    other = services.club_create(user=make_user("boris"), name="Elsewhere")
    # (Another club's trial balance, used here before, now reads 404 as a number nobody has: review 79.)
    response = client_for(owner).get(reverse("club_settings", args=[other.slug]))
    assert response.status_code == 403
    written = site_log.getvalue()
    assert written.count("Forbidden (Permission denied)") == 1, written
    assert "Traceback" not in written


def test_a_suspicious_request_is_one_line(site_log):
    from django.test import Client

    response = Client().get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    written = site_log.getvalue()
    assert written.count("Invalid HTTP_HOST") == 1, written
    assert "Invalid HTTP_HOST header" in written and "Traceback" not in written


def test_a_server_error_keeps_its_traceback():
    record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "Internal Server Error: /", None,
                               (ValueError, ValueError("boom"), None))
    record.status_code = 500
    ClientErrorsWithoutTraceback().filter(record)
    assert record.exc_info is not None


def test_a_refused_nul_or_bad_filter_is_one_line(site_log, club, make_user):
    from django.test import Client

    root = make_user("root", is_staff=True, is_superuser=True)
    assert Client().get("/invite/%00/").status_code == 400
    assert client_for(root).get("/admin/club/auditlog/?created_at__year=0").status_code == 400
    lines = [line for line in site_log.getvalue().splitlines() if "AXES" not in line]
    assert len(lines) == 2, lines
    assert all("Bad Request" in line for line in lines) and "Traceback" not in site_log.getvalue()
