"""Review 107's left-out: the deal's log is a box that scrolls (its lines run past its height), and
it could not take the focus: Chromium lets the keyboard scroll such a box, Safari and older browsers
do not, so a player without a mouse could not read the lines above the newest. The list takes the
focus (``tabindex="0"``) and is named for a screen reader."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import timezone

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def test_the_deal_log_takes_the_focus(make_table, players):
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/tables/{table.pk}/").content.decode()
    found = re.search(r"<ol[^>]*id=\"deal-log\"[^>]*>", page)
    assert found, "no deal log on the page"
    tag = found.group(0)
    assert 'tabindex="0"' in tag, tag
    assert re.search(r'aria-label="[^"]+"', tag), tag
