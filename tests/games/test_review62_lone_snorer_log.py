"""RULES.md 4.5: "If the snorer is the only player left in the deal, he takes every trick without play."

The table's log (review 62) went from the last pass straight to "Vera collects 15.": no trick was
played, and nothing said why she was paid, or paid for four tricks. It now says she is the only one
left and takes every trick without play, once, before her chips, live and on the deal's page; a deal
that was played out does not say it.
"""

from __future__ import annotations

import re

import pytest
from django.utils import timezone, translation

from games import history, presenter
from games.broadcast import table_messages
from games.engine import Action, observe
from games.models import Deal, Seat
from games.services import dealing, table_act

from .conftest import play_deal_as_people, sit_all, start_deal

ALONE = {
    "en": "{} is the only one left in the deal and takes every trick without play.",
    "ru": "В сдаче остался только один игрок — {} — и берёт все взятки без розыгрыша.",
    "bg": "В раздаването остава само един играч — {} — и взема всички ръце без игра.",
}


def _live_lines(table_id: int) -> list[str]:
    message = table_messages(table_id)[0][1]
    with translation.override("en"):
        context = presenter.table_context(
            view=message["view"], public=message["public"], user_id=None, now=timezone.now()
        )
    return re.sub(r"<[^>]+>", "", str(context["log_html"]).replace("</li>", "\n")).strip().splitlines()


def _one_snores_and_the_others_pass(table) -> tuple[Deal, list[list[str]]]:
    deal = start_deal(table)
    seats = Seat.objects.select_related("member__user")
    users = {i: seats.get(pk=pk).member.user for i, pk in enumerate(deal.players)}
    live = []
    for _ in range(60):
        deal.refresh_from_db()
        live.append(_live_lines(table.pk))
        if deal.is_over:
            return deal, live
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        legal = observe(state, seat)["legal_actions"]
        wanted = "snore" if state.snorer < 0 and {"do": "snore"} in legal else "pass"
        if state.phase == "exchange":
            wanted = "exchange"  # the lone snorer of a Frap deal stands pat, then the cut is asked
        action = next(a for a in legal if a["do"] == wanted and not a.get("cards"))
        action = Action.from_json(action)
        table_act(session_id=table.pk, user=users[seat], action=action, expected_seq=deal.seq)
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("preset", ["classic", "frap"])
def test_a_lone_snorer_is_told_to_take_every_trick_without_play(preset, make_table, players, client) -> None:
    table = make_table(preset=preset, seats=3, turn_seconds=600)
    sit_all(table, players[:3])
    deal, live = _one_snores_and_the_others_pass(table)
    out = deal.outcome
    snorer = out["statuses"].index("snore")
    assert out["result"] == "played" and out["tricks"][snorer] == 4 and sum(out["tricks"]) == 4
    name = history.deal_public(deal)["deal"]["players"][snorer]
    lines = live[-1]
    said = ALONE["en"].format(name)
    assert lines.count(said) == 1, lines
    # Before his chips: the line after it is his payout.
    assert lines[lines.index(said) + 1] == f"{name} collects {out['payouts'][snorer]}.", lines
    assert not any(said in picture for picture in live[:-1])

    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    assert said in client.get(f"/deals/{deal.pk}/").content.decode()
    for language in ("ru", "bg"):
        with translation.override(language):
            whole = presenter.log_lines(history.deal_public(deal), presenter.status_words(preset))
        assert whole.count(ALONE[language].format(name)) == 1, whole


def test_a_deal_played_out_does_not_say_it(make_table, players) -> None:
    table = make_table(seats=3, turn_seconds=600)
    sit_all(table, players[:3])
    for _ in range(6):
        deal = play_deal_as_people(start_deal(table), players[:3])
        with translation.override("en"):
            whole = presenter.log_lines(history.deal_public(deal), presenter.status_words("classic"))
        if any(line.endswith("takes trick 4.") for line in whole):
            break
    else:
        pytest.fail("no deal was played out")
    assert not any("without play" in line for line in whole), whole
