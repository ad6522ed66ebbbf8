"""Review 90: the club page showed a member, above "Leave the club…", the template's note to its
developers ("{# What leaving means (chips, seats, reservations) is read when the box is opened…"), and
the leave page another: a Django comment ``{# … #}`` ends on its own line, and these ran over two."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from .conftest import client_for

pytestmark = pytest.mark.django_db


def test_the_club_page_and_the_leave_page_show_no_template_comment(club, member):
    client = client_for(member)
    for url in (club.get_absolute_url(), reverse("club_leave", args=[club.slug])):
        html = client.get(url).content.decode()
        assert "{#" not in html and "#}" not in html, url


def test_no_template_comment_runs_over_a_line():
    # Every template of the site: a "{#" left open on its line is shown to the reader as text.
    roots = [Path(d) for d in settings.TEMPLATES[0]["DIRS"]]
    roots += [Path(settings.BASE_DIR) / app / "templates" for app in ("club", "games", "ledger")]
    opened = [
        f"{path}:{n}"
        for root in roots
        if root.is_dir()
        for path in root.rglob("*.html")
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if line.count("{#") > line.count("#}")
    ]
    assert opened == []
