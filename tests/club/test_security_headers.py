"""Every answer carries a Content-Security-Policy (scripts only from the site's static files: no
inline script, no eval) and a Permissions-Policy; no template holds an inline script or handler."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from .conftest import client_for

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def _csp(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    return {part.split(" ", 1)[0]: part.split(" ", 1)[1] for part in header.split("; ")}


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/rules/", "/invite/nothing/", "/nowhere/",
                                  "/invite/%00/", "/admin/login/"])
def test_every_answer_has_both_headers(path):
    response = Client().get(path)
    csp = _csp(response)
    assert csp["default-src"] == "'self'"
    assert csp["script-src"] == "'self'"
    assert "unsafe" not in response["Content-Security-Policy"]
    assert csp["frame-ancestors"] == "'none'"
    assert csp["img-src"] == "'self' data:"
    assert csp["object-src"] == "'none'"
    policy = response["Permissions-Policy"]
    assert "camera=()" in policy and "geolocation=()" in policy


def test_websockets_to_the_sites_own_host_are_allowed(settings):
    response = Client().get("/", HTTP_HOST="127.0.0.1:8000")
    assert _csp(response)["connect-src"] == "'self' ws://127.0.0.1:8000"
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.ALLOWED_HOSTS = ["khrap.example.org"]
    response = Client().get("/", HTTP_HOST="khrap.example.org", HTTP_X_FORWARDED_PROTO="https")
    assert _csp(response)["connect-src"] == "'self' wss://khrap.example.org"


def test_logged_in_pages_have_the_headers(club, owner):
    client = client_for(owner)
    for url in (club.get_absolute_url(), reverse("admin:index"), reverse("profile")):
        assert "script-src 'self'" in client.get(url)["Content-Security-Policy"]


INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_STYLE = re.compile(r"\sstyle\s*=|<style", re.IGNORECASE)


def test_no_template_has_inline_script_handler_or_style():
    found = []
    for folder in (ROOT / "templates", ROOT / "ledger" / "templates", ROOT / "games"):
        for path in folder.rglob("*.html"):
            text = path.read_text(encoding="utf-8")
            for pattern in (INLINE_HANDLER, INLINE_SCRIPT, INLINE_STYLE):
                found += [f"{path.relative_to(ROOT)}: {m.group()}" for m in pattern.finditer(text)]
    assert not found, found


def test_htmx_runs_without_eval_and_injected_styles():
    page = Client().get("/").content.decode()
    assert '"allowEval": false' in page and '"includeIndicatorStyles": false' in page
    assert "/static/js/site.js" in page
