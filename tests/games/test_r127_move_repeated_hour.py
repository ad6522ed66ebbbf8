"""Review 127: a table starting in the hour the clocks repeat, the night they go back, at its second
03:30 (a manager in another time zone set it so). The admin's "Move the start" page showed "03:30"
and, sent back as shown (a manager looking, or changing his mind), read it as the first 03:30: the
table moved an hour earlier, and the page said it "now starts … 03:30", the time it already showed.
The time the page showed, sent back unchanged, is the start it showed: nothing moves."""

from __future__ import annotations

import re
import zoneinfo
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from games.models import TableSession

pytestmark = pytest.mark.django_db

LIST = "/admin/games/tablesession/"
SOFIA = zoneinfo.ZoneInfo("Europe/Sofia")
_HIDDEN = re.compile(r'<input type="hidden" name="(?!csrfmiddlewaretoken)([^"]+)" value="([^"]*)"')
_START = re.compile(r'name="starts_at" value="([^"]*)"')


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _second_of_the_repeated_hour() -> datetime:
    """The next night Sofia's clocks go back, at the second 03:30 (01:30 UTC), a few days ahead at least."""
    day = (
        (timezone.now() + timedelta(days=3))
        .astimezone(UTC)
        .replace(hour=1, minute=30, second=0, microsecond=0)
    )
    for _ in range(370):
        first = day - timedelta(hours=1)
        if first.astimezone(SOFIA).strftime("%H:%M") == day.astimezone(SOFIA).strftime("%H:%M") == "03:30":
            return day
        day += timedelta(days=1)
    raise AssertionError("no change of summer time in a year")


def test_a_start_in_the_repeated_hour_sent_back_as_shown_stays(make_table, owner):
    starts = _second_of_the_repeated_hour()
    if starts > timezone.now() + timedelta(days=360):
        pytest.skip("the next change of summer time is beyond the scheduling horizon")
    table = make_table(starts_at=starts)
    owner.time_zone = "Europe/Sofia"
    owner.save(update_fields=["time_zone"])
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    page = client.post(LIST, {"action": "move_selected", "_selected_action": [table.pk], "index": 0})
    html = page.content.decode()
    shown = _START.search(html).group(1)
    assert shown.endswith("T03:30")
    sent = client.post(
        LIST,
        {
            **dict(_HIDDEN.findall(html)),
            "action": "move_selected",
            "_selected_action": [table.pk],
            "apply": "Move",
            "starts_at": shown,
        },
    )
    assert TableSession.objects.get(pk=table.pk).starts_at == starts
    said = [str(m) for m in get_messages(sent.wsgi_request)]
    assert not any("now starts" in m for m in said), said
