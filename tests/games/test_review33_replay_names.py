"""Review 33: the replay's « and » links had no name: a screen reader said "left-pointing double
angle quotation mark, link" (◀ and ▶ were named). Each of the four steps is named in the reader's
language, and one that goes nowhere (the first step at the start, the last at the end) says so."""

from __future__ import annotations

import re

from django.test import Client

from games import history

from .conftest import play_deal_as_people, sit_all, start_deal


def _nav(html: str) -> dict[str, str]:
    nav = re.search(r'<nav class="replay-nav".*?</nav>', html, re.S)
    assert nav, html[:500]
    return {m.group(1): m.group(0) for m in re.finditer(r'<a [^>]*id="(replay-[a-z]+)"[^>]*>', nav.group(0))}


def test_every_replay_step_link_is_named_and_the_ones_going_nowhere_say_so(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    last = len(history.deal_steps(deal)) - 1
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    start = _nav(client.get(f"/deals/{deal.pk}/replay/?step=0", HTTP_ACCEPT_LANGUAGE="ru").content.decode())
    assert set(start) == {"replay-first", "replay-prev", "replay-next", "replay-last"}
    assert 'aria-label="Первый ход"' in start["replay-first"]
    assert 'aria-label="Последний ход"' in start["replay-last"]
    assert all("aria-label=" in link for link in start.values()), start
    assert 'aria-disabled="true"' in start["replay-first"] and 'aria-disabled="true"' in start["replay-prev"]
    assert "aria-disabled" not in start["replay-next"] and "aria-disabled" not in start["replay-last"]
    end = _nav(client.get(f"/deals/{deal.pk}/replay/?step={last}").content.decode())
    assert 'aria-label="First move"' in end["replay-first"] and 'aria-label="Last move"' in end["replay-last"]
    assert 'aria-disabled="true"' in end["replay-next"] and 'aria-disabled="true"' in end["replay-last"]
    assert "aria-disabled" not in end["replay-first"]
