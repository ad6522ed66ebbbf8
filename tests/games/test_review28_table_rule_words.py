"""Review 28: a table that adds a dark form to its preset names it as its own rules do.

A manager may open a Classic table with the Zone 52 wrap (``overrides={"dark": "dealer_wrap"}``).
The table's how-to explains "Wrap: while the trump card is an ace, the dealer may take it...", but
the frame took its words from the preset's name: the dealer's button said "Dark", and the status
and the deal's log "dark", a bid the how-to never mentions."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse

from games.admin import DealActionAdmin
from games.engine import Action, Rules, apply, new_deal
from games.engine.shuffle import canonical_deck
from games.models import DealAction
from games.services import table_act
from games.services.snapshots import state_dump

from .conftest import sit_all, start_deal


def _ace_turned() -> list[str]:
    """Three players get the first twelve cards; the thirteenth, the ace of hearts, is turned."""
    deck = [c for c in canonical_deck(36) if c != "AH"]
    deck.insert(12, "AH")
    return deck


def _wrap_table(make_table, players):
    table = make_table(preset="classic", seats=3, overrides={"dark": "dealer_wrap"})
    sit_all(table, players[:3])
    deal = start_deal(table)
    rules = Rules.from_json(table.rules)
    state = new_deal(rules, stake=5, stacks=[200, 200, 200], bank=0, dealer=0, deck=_ace_turned())
    for seat in (1, 2):
        state, _events = apply(state, seat, Action.from_json({"do": "pass"}))
    deal.state = state_dump(state)
    deal.seq = 2
    deal.save(update_fields=["state", "seq"])
    return table


def _page(client, user, table) -> str:
    client.force_login(user)
    response = client.get(reverse("table_page", args=[table.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_dealers_button_says_wrap_as_the_tables_rules_do(client, make_table, players):
    table = _wrap_table(make_table, players)
    dealer = players[0]  # the first seat taken is engine seat 0, the dealer of the placed deal
    html = _page(client, dealer, table)
    assert 'id="bid-dark-"' in html
    button = html.split('id="bid-dark-"', 1)[1].split("</button>", 1)[0]
    assert "Wrap" in button, button
    assert "Dark" not in button, button


def test_the_status_and_the_log_say_wrap_once_he_has_wrapped(client, make_table, players):
    table = _wrap_table(make_table, players)
    table_act(session_id=table.pk, user=players[0], action=Action.from_json({"do": "dark"}), expected_seq=2)
    html = _page(client, players[1], table)
    assert "declares “wrap”" in html
    assert "“dark”" not in html
    assert '<span class="status-word">dark' not in html.lower()
    # The admin's list of the deal's moves names it so too.
    row = DealAction.objects.get(deal__session=table, seq=3)
    assert DealActionAdmin(DealAction, admin.site).move(row) == "Wrap"
