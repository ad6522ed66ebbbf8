"""Review 47: the deal log did not say when the clock moved for a player.

Every move the clock makes for a player whose time ran out, or who is away, is stored with its
actor (``timeout``), but the table's log in words told it as his own: "Dasha discards 1." The
others at the table could not tell a choice from a default. The log now says so before the move."""

from __future__ import annotations

from datetime import timedelta

from django.test import Client
from django.utils import timezone

from games.models import DealAction
from games.services import tables_tick

from .conftest import sit_all, start_deal
from .gaps_script import play_scripted, use_deck
from .test_gaps_tables import _log_lines


def test_the_log_tells_the_table_which_moves_the_clock_made(make_table, players, monkeypatch):
    table = make_table(turn_seconds=30)
    use_deck(monkeypatch, table=table)
    sit_all(table, players)
    deal = start_deal(table)
    # Dasha (seat 2) took a five and lets her time run out on its discard.
    play_scripted(deal, until=lambda view: view["need"] == "discard", said={})
    tables_tick(timezone.now() + timedelta(seconds=31))
    moved = DealAction.objects.filter(deal=deal).latest("seq")
    assert (moved.seat, moved.actor) == (2, "timeout")
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    lines = _log_lines(client.get(f"/tables/{table.pk}/").content.decode())
    assert "The clock moves for Dasha:" in lines, lines
    said = lines.index("The clock moves for Dasha:")
    assert lines[said + 1] == "Dasha discards 1.", lines
    # Moves a player makes himself are not marked.
    assert lines.count("The clock moves for Dasha:") == 1
    assert not any(line.startswith("The clock moves for") and "Dasha" not in line for line in lines), lines
