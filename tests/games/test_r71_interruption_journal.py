"""Review 71: a deal's page showed "Deal settlement" in the middle of the deal.

Zone 52 (RULES.md 5.3): a player holding the ace of trumps (or the dealer under a trump ace) takes the
snorer's place during step H. That one move holds his stake and gives the displaced snorer back the
part of his that a helper does not need: a hold and a release, booked as one journal of the kind
"settle" because it moved two kinds of chips. The deal's "Chips moved by this deal", the player's
statement and the admin read "Deal settlement" there, with the real settlement still to come."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.engine import legal_actions
from games.models import Deal
from games.services import dealing, table_act, tables_tick
from ledger.models import Journal

from .conftest import sit_all, start_deal

INTERRUPTS = ("cheer", "dark")


def _play_until_an_interruption(table, players) -> Deal | None:
    deal = start_deal(table)
    for n in range(40):
        seat_of = {i: s.member.user for i, s in enumerate(dealing.deal_players(deal))}
        interrupted = False
        for _ in range(200):
            deal.refresh_from_db()
            if deal.is_over:
                break
            state = dealing.deal_state(deal)
            seat = state.queue[0]
            options = [a for a in legal_actions(state, seat) if a.do != "look"]
            dos = {a.do for a in options}
            if state.need != "bid":  # a discard after a cheer or a wrap, an exchange, a card to play
                action = options[0]
            elif state.step == "H" and dos & set(INTERRUPTS):
                action = next(a for a in options if a.do in INTERRUPTS)
                interrupted = True
            elif state.step == "S" and "snore" in dos:
                action = next(a for a in options if a.do == "snore")
            else:
                action = next(a for a in options if a.do == "pass")
            table_act(session_id=table.pk, user=seat_of[seat], action=action, expected_seq=deal.seq)
        if interrupted:
            return deal
        tables_tick(timezone.now() + timedelta(minutes=n + 1))
        deal = Deal.objects.filter(session=table, finished_at__isnull=True).first()
        if deal is None:
            return None
    return None


def test_only_the_deals_end_is_booked_as_its_settlement(make_table, players, client) -> None:
    table = make_table("zone52")
    sit_all(table, players, buy_in=500)
    deal = _play_until_an_interruption(table, players)
    assert deal is not None, "no interruption in forty deals"
    journals = list(Journal.objects.filter(deal=deal).order_by("id"))
    settles = [j for j in journals if j.kind == Journal.Kind.SETTLE]
    assert settles == [journals[-1]], [(j.pk, j.kind, j.memo) for j in journals]
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/deals/{deal.pk}/").content.decode()
    assert page.count(str(Journal.Kind.SETTLE.label)) == 1
