"""Review 88: `make demo` printed "Serving Khrap Club on http://$(HOST):$(PORT)/". The README's way to
let others play is `make demo HOST=0.0.0.0 ALLOWED_HOSTS=192.168.1.20`: the line then named
http://0.0.0.0:8000/, an address nobody can type on another machine and which the site answers
"Bad Request (400)" on this one (ALLOWED_HOSTS lists 192.168.1.20 only). The seed now prints the
addresses the site answers on, and says when the one it serves on is not among them."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def _seed(address: str) -> str:
    out = StringIO()
    call_command("seed_demo", "--allow-without-debug", "--address", address, stdout=out)
    return out.getvalue()


def test_on_every_address_it_names_the_hosts_the_site_answers(settings) -> None:
    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    out = _seed("0.0.0.0:8000")
    assert "http://192.168.1.20:8000/" in out, out
    assert "0.0.0.0" not in out, out


def test_the_default_address_is_printed_as_it_is(settings) -> None:
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]"]
    out = _seed("127.0.0.1:18000")
    assert "Serving Khrap Club on http://127.0.0.1:18000/" in out, out
    assert "Bad Request" not in out


def test_a_host_the_site_does_not_answer_is_said(settings) -> None:
    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    out = _seed("127.0.0.1:8000")
    assert "ALLOWED_HOSTS" in out and "Bad Request" in out, out


def test_make_demo_hands_its_address_to_the_seed() -> None:
    recipe = (ROOT / "Makefile").read_text().split("\ndemo: venv", 1)[1].split("\n\n", 1)[0]
    assert re.search(r"seed_demo --address \$\(HOST\):\$\(PORT\)", recipe), recipe
    assert "http://$(HOST)" not in recipe, recipe
