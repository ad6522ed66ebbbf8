"""Review 106: the free seat says who left it (``TableSession.left_seats``, review of fa49083), and a
weekly table's next week is made by copying the table's row. The note was copied with it: a player
who sat while seating was open and left before the start was said to have "left the table" of next
week's table, which nobody had sat at yet."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import TableSession
from games.services import table_leave, table_sit, tables_tick

pytestmark = pytest.mark.django_db


def test_next_weeks_table_is_not_told_who_left_this_weeks(make_table, players):
    starts = timezone.now().replace(microsecond=0) + timedelta(days=1)
    evening = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2), repeat_weekly=True)
    tables_tick(starts - timedelta(minutes=15))  # seating opens
    table_sit(session_id=evening.pk, user=players[0], position=0, buy_in=200)
    table_leave(session_id=evening.pk, user=players[0])
    evening.refresh_from_db()
    assert [gone["position"] for gone in evening.left_seats] == [0]
    tables_tick(starts)  # the start makes next week's table
    following = TableSession.objects.get(series=evening, starts_at=starts + timedelta(days=7))
    assert following.left_seats == []
    client = Client()
    client.force_login(players[1])
    page = client.get(f"/tables/{following.pk}/").content.decode()
    assert "Seat 1 is free" in page
    assert "Vera left the table." not in page
