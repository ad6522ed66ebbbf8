"""Every deal's page of a table closed since read "This table is closed: there is no next deal.",
though all but the last were followed by another deal their bank carried into. A past deal says what
came after it: the bank it carried into the next deal, and only the table's last deal that there is
no next one."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Deal
from games.services.schedule import session_end

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db
LINE = re.compile(r"(The bank carries \d+ into the next deal\.|This table is closed[^<]*)")


def test_past_deals_of_a_closed_table_say_what_came_after_them(make_table, players) -> None:
    table = make_table(ends_at=timezone.now() + timedelta(hours=1))
    sit_all(table, players)
    for _ in range(3):
        play_deal_as_people(start_deal(table), players)
        table.refresh_from_db()
        table.next_deal_at = timezone.now()
        table.save(update_fields=["next_deal_at"])
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    deals = list(Deal.objects.filter(session=table).order_by("number"))

    def lines(path: str) -> list[str]:
        return LINE.findall(client.get(path).content.decode())

    while_open = [lines(f"/deals/{d.pk}/") for d in deals]
    assert session_end(session_id=table.pk, now=timezone.now() + timedelta(hours=2))
    for deal, before in zip(deals[:-1], while_open[:-1], strict=True):
        said = lines(f"/deals/{deal.pk}/")
        assert said == before and said[0].startswith("The bank carries"), (deal.number, said)
        assert said[0] == f"The bank carries {deal.outcome['bank']} into the next deal.", said
    # The last deal's bank was emptied when the table closed, as its live table said at the end.
    last_bank = deals[-1].outcome["bank"]
    assert lines(f"/deals/{deals[-1].pk}/") == [
        f"This table is closed: its bank of {last_bank} was emptied and there is no next deal."
        if last_bank
        else "This table is closed: there is no next deal."
    ]


def test_a_past_deal_whose_bank_was_shared_out_says_so(make_table, players) -> None:
    """Nobody else could ante the redeal, so the bank went back to the deal's players: the live
    table said so, and the deal's own page said the bank carried into a next deal it never reached."""
    from games.services import table_sit, tables_tick

    from .test_review_replay import _everybody_passes

    table = make_table(preset="frap", seats=2, stake=5, buy_in_min=10, buy_in_max=500, turn_seconds=600)
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=10)
    table_sit(session_id=table.pk, user=players[1], position=1, buy_in=200)
    deal = _everybody_passes(table, start_deal(table))
    tables_tick()  # the bank is shared
    shared = deal.outcome["bank"]
    assert shared > 0
    client = Client()
    client.force_login(players[1], backend="django.contrib.auth.backends.ModelBackend")
    html = client.get(f"/deals/{deal.pk}/").content.decode()
    assert (
        f"Nobody else could ante: the bank&#x27;s {shared} went back to this deal&#x27;s players." in html
        or (f"Nobody else could ante: the bank's {shared} went back to this deal's players." in html)
    ), LINE.findall(html)
    assert "into the next deal" not in html


def test_a_practice_deal_whose_bank_went_to_the_practice_chips_says_so_on_its_page(
    make_table, players
) -> None:
    """Everyone stood up after a practice deal: its bank went to the club's practice chips, as the live
    table said; the deal's page said it carried into a next deal, even after people sat down again and
    the next deal began with an empty bank."""
    from django.db import transaction

    from games.services import table_leave

    from .test_review_replay import _everybody_passes

    table = make_table(turn_seconds=600, practice=True)
    sit_all(table, players)
    deal = start_deal(table)
    for user in players:  # each stands up when this deal ends
        with transaction.atomic():
            table_leave(session_id=table.pk, user=user)
    deal = _everybody_passes(table, deal)  # a redeal: the antes stay in the bank, which goes home
    bank = deal.outcome["bank"]
    assert bank > 0
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    home = f"Nobody plays here any more: the bank's {bank} went back to the club's practice chips."

    def line() -> list[str]:
        html = client.get(f"/deals/{deal.pk}/").content.decode().replace("&#x27;", "'")
        return re.findall(
            r"(The bank carries \d+ into the next deal\.|Nobody [^<]*|This table is closed[^<]*)", html
        )

    assert line() == [home]
    table.refresh_from_db()
    table.next_deal_at = timezone.now()
    table.save(update_fields=["next_deal_at"])
    sit_all(table, players)
    following = start_deal(table)
    assert following.number == deal.number + 1
    assert line() == [home]  # the next deal began with an empty bank: nothing carried into it
