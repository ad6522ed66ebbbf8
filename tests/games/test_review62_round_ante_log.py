"""RULES.md 4.2: with ``ante_each_round`` (Frap, Khrap-5, Named-5) everyone antes again when a new
trump round starts; "a player who cannot pay leaves the deal: out; if fewer than two players are left,
the deal is void at once: redeal".

The engine takes such a player out without an event of his own, and the table's log (review 62)
went from "Trump card: …" and one ante straight to "Everybody passed: the cards will be dealt
again.", as if the round had been bid and passed: nobody was told that two players could not pay,
nor why the deal ended. The log now says who leaves and why the cards are dealt again, on the live
table (which renders each update's new events only) and on the deal's page alike.
"""

from __future__ import annotations

import re

from django.utils import timezone, translation

from games import history, presenter
from games.broadcast import table_messages
from games.engine import Action
from games.models import Deal, Seat
from games.services import dealing, table_act, table_sit

from .conftest import start_deal

LEAVES = {
    "en": "{} cannot pay the ante and leaves the deal.",
    "ru": "{} не может внести ставку и выходит из сдачи.",
    "bg": "{} не може да плати залога и излиза от раздаването.",
}
SHORT = {
    "en": "Fewer than two players are left in the deal: the cards will be dealt again.",
    "ru": "В сдаче осталось меньше двух игроков: карты будут пересданы.",
    "bg": "В раздаването останаха по-малко от двама играчи: картите ще бъдат раздадени отново.",
}


def _live_log(table_id: int, language: str) -> str:
    message = table_messages(table_id)[0][1]
    with translation.override(language):
        context = presenter.table_context(
            view=message["view"], public=message["public"], user_id=None, now=timezone.now()
        )
    return re.sub(r"<[^>]+>", "", str(context["log_html"]).replace("</li>", "\n"))


def _everybody_passes_until_the_redeal(table, players) -> tuple[Deal, list[str]]:
    deal = start_deal(table)
    seats = Seat.objects.select_related("member__user")
    users = {i: seats.get(pk=pk).member.user for i, pk in enumerate(deal.players)}
    live = []
    while True:
        deal.refresh_from_db()
        live.append(_live_log(table.pk, "en"))  # every update, as the sockets render it
        if deal.is_over:
            return deal, live
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        table_act(session_id=table.pk, user=users[seat], action=Action("pass"), expected_seq=deal.seq)


def test_a_round_whose_antes_leave_one_player_says_who_left_and_why_the_cards_are_dealt_again(
    make_table, players, client
) -> None:
    # Stake 40: after two antes the two players who brought 100 have 20 left and cannot pay the
    # third round's ante; the one who brought 200 can, and is left alone.
    table = make_table(preset="frap", seats=3, stake=40, buy_in_min=100, buy_in_max=500, turn_seconds=600)
    for position, (user, buy_in) in enumerate(zip(players[:3], (100, 100, 200), strict=True)):
        table_sit(session_id=table.pk, user=user, position=position, buy_in=buy_in)
    deal, live = _everybody_passes_until_the_redeal(table, players)
    assert deal.result == "redeal"
    names = history.deal_public(deal)["deal"]["players"]
    rich = names[deal.outcome["statuses"].index("pass")]
    poor = [names[i] for i, s in enumerate(deal.outcome["statuses"]) if s == "out"]
    assert len(poor) == 2 and deal.outcome["statuses"].count("pass") == 1

    final = live[-1]
    for name in poor:
        assert final.count(LEAVES["en"].format(name)) == 1, final
    assert LEAVES["en"].format(rich) not in final
    assert SHORT["en"] in final and "Everybody passed" not in final, final
    # The leaving comes after the third round's trump card and before the redeal.
    lines = final.splitlines()
    assert lines.index(SHORT["en"]) == len(lines) - 1
    assert all(line.endswith("leaves the deal.") for line in lines[-1 - len(poor) : -1]), lines
    assert lines[-2 - len(poor)] == f"{rich} antes 40.", lines

    # The deal's page, in every language.
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/deals/{deal.pk}/").content.decode()
    assert LEAVES["en"].format(poor[0]) in page and SHORT["en"] in page
    for language in ("en", "ru", "bg"):
        with translation.override(language):
            words = presenter.status_words("frap")
            whole = presenter.log_lines(history.deal_public(deal), words)
        for name in poor:
            assert LEAVES[language].format(name) in whole, whole
        assert whole[-1] == SHORT[language], whole


def test_a_round_everyone_pays_for_reads_as_before(make_table, players) -> None:
    table = make_table(preset="frap", seats=3, stake=5, turn_seconds=600)
    for position, user in enumerate(players[:3]):
        table_sit(session_id=table.pk, user=user, position=position, buy_in=200)
    deal, live = _everybody_passes_until_the_redeal(table, players)
    assert deal.result == "redeal" and deal.outcome["statuses"] == ["pass"] * 3
    assert "leaves the deal" not in live[-1]
    assert live[-1].rstrip().splitlines()[-1] == "Everybody passed: the cards will be dealt again."


def test_a_round_whose_antes_leave_two_players_goes_on_and_says_who_left(make_table, players) -> None:
    table = make_table(preset="frap", seats=3, stake=40, buy_in_min=100, buy_in_max=500, turn_seconds=600)
    for position, (user, buy_in) in enumerate(zip(players[:3], (100, 200, 200), strict=True)):
        table_sit(session_id=table.pk, user=user, position=position, buy_in=buy_in)
    deal, live = _everybody_passes_until_the_redeal(table, players)
    names = history.deal_public(deal)["deal"]["players"]
    poor = [names[i] for i, s in enumerate(deal.outcome["statuses"]) if s == "out"]
    assert len(poor) == 1 and deal.outcome["statuses"].count("pass") == 2
    lines = live[-1].rstrip().splitlines()
    leaving = lines.index(LEAVES["en"].format(poor[0]))
    # Said once, right after the third round's antes, and the two left bid on: their passes follow.
    assert [line for line in lines if "leaves the deal" in line] == [lines[leaving]]
    assert lines[leaving - 1].endswith("antes 40.") and lines[leaving + 1].endswith("passes.")
    assert lines[-1] == "Everybody passed: the cards will be dealt again."
    # The page as it stood right after those antes already said it.
    assert any(LEAVES["en"].format(poor[0]) in picture for picture in live[:-2])


def test_the_settlement_heading_says_why_the_cards_are_dealt_again(make_table, players, client) -> None:
    table = make_table(preset="frap", seats=3, stake=40, buy_in_min=100, buy_in_max=500, turn_seconds=600)
    for position, (user, buy_in) in enumerate(zip(players[:3], (100, 100, 200), strict=True)):
        table_sit(session_id=table.pk, user=user, position=position, buy_in=buy_in)
    deal, _live = _everybody_passes_until_the_redeal(table, players)
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/deals/{deal.pk}/").content.decode()
    heading = re.search(r'<section class="settlement"[^>]*>\s*<h2>([^<]*)</h2>', page)
    assert heading is not None and heading.group(1) == "Redeal: fewer than two players are left", page
    with translation.override("ru"):
        assert presenter.deal_result_label("redeal") == "Пересдача: все спасовали"  # the plain one stays


def test_a_redeal_after_passes_keeps_its_heading(make_table, players, client) -> None:
    table = make_table(preset="frap", seats=3, stake=5, turn_seconds=600)
    for position, user in enumerate(players[:3]):
        table_sit(session_id=table.pk, user=user, position=position, buy_in=200)
    deal, _live = _everybody_passes_until_the_redeal(table, players)
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/deals/{deal.pk}/").content.decode()
    assert "<h2>Redeal: everybody passed</h2>" in re.sub(r"<h2>\s*", "<h2>", page)
