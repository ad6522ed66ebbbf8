"""History, the deal page, replay, export and fairness: who may see what, and that an exported deal
replays and verifies exactly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from games import history
from games.engine import PRESETS
from games.engine.replay import run_scenario
from games.engine.verify import verify_scenario
from games.models import Deal, DealPlayer
from games.services import seed_contribute, table_leave, table_sit

from .conftest import play_deal_as_people, sit_all, start_deal
from .sockets import cards_allowed, cards_in

ROOT = Path(__file__).resolve().parents[2]


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _outcome_without_extras(outcome: dict) -> dict:
    return {k: v for k, v in outcome.items() if k != "stacks"}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_deals_played_through_table_act_export_and_replay_exactly(preset, make_table, players):
    seats = min(4, PRESETS[preset].max_players)
    table = make_table(preset, seats=seats)
    people = players[:seats]
    sit_all(table, people)
    for _ in range(3):
        play_deal_as_people(start_deal(table), people)
    for deal in Deal.objects.filter(session=table):
        scenario = json.loads(history.export_text(history.deal_export(deal)))
        output, status = run_scenario(scenario)
        assert status == 0, output
        played = [Deal.objects.get(pk=part["_deal"]["id"]) for part in scenario["deals"]]
        assert played[-1] == deal  # after the voided deals it was dealt again for, if any
        assert output["deals"] == [_outcome_without_extras(d.outcome) for d in played]
        assert output["stacks"] == deal.outcome["stacks"]
        assert verify_scenario(scenario)[0]["ok"]
    runs = history.session_export(table)
    assert len(runs) == 1 and len(runs[0]["deals"]) == 3  # an unchanged table is one scenario
    output, status = run_scenario(json.loads(history.export_text(runs[0])))
    assert status == 0
    assert output["deals"] == [_outcome_without_extras(d.outcome) for d in Deal.objects.filter(session=table)]


def test_a_session_whose_table_changed_exports_one_scenario_per_run(make_table, players):
    table = make_table(seats=4)
    sit_all(table, players[:3])
    play_deal_as_people(start_deal(table), players[:3])
    table_sit(session_id=table.pk, user=players[3], position=3, buy_in=200)
    deal = start_deal(table)
    play_deal_as_people(deal, [p for p in players])
    runs = history.session_export(table)
    assert len(runs) == 2
    for run in runs:
        assert run_scenario(json.loads(history.export_text(run)))[1] == 0


def test_the_players_randomness_goes_into_the_deck_and_verifies(make_table, players):
    table = make_table()
    sit_all(table, players)
    seed_contribute(session_id=table.pk, user=players[0], value="the cat sat on the mat")
    seed_contribute(session_id=table.pk, user=players[2], value="ж" * 64)
    deal = start_deal(table)
    assert [c["value"] for c in deal.contributions] == ["the cat sat on the mat", "ж" * 64]
    play_deal_as_people(deal, players)
    scenario = history.deal_export(Deal.objects.get(pk=deal.pk))
    assert scenario["deals"][0]["_fair"]["contributions"] == ["the cat sat on the mat", "ж" * 64]
    assert verify_scenario(scenario)[0]["ok"]
    # Without the contributions the deck is another one: they were really mixed in.
    scenario["deals"][0]["_fair"]["contributions"] = []
    scenario["deals"][0]["_fair"]["contributors"] = []  # their seats (review 152) go with them
    result, status = verify_scenario(scenario)
    assert status == 1 and not result["deals"][0]["deck_ok"]


@pytest.mark.parametrize(
    "tamper, failed",
    [
        (lambda f, d: f.update(seed="00" * 32), "commitment_ok"),
        (lambda f, d: f.update(commitment="ab" * 32), "commitment_ok"),
        (lambda f, d: d.__setitem__("deck", d["deck"][1:] + d["deck"][:1]), "deck_ok"),
        (lambda f, d: f["hands"].__setitem__(0, list(reversed(d["deck"][-4:]))), "hands_ok"),
    ],
)
def test_the_verifier_rejects_a_tampered_seed_commitment_deck_or_hand(
    make_table, players, tamper, failed, tmp_path
):
    table = make_table()
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    scenario = history.deal_export(Deal.objects.get(session=table))
    deal = scenario["deals"][0]
    tamper(deal["_fair"], deal)
    result, status = verify_scenario(scenario)
    assert status == 1 and result["deals"][0][failed] is False
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(scenario))
    cli = subprocess.run(
        [sys.executable, "-m", "games.engine.verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert cli.returncode == 1 and json.loads(cli.stdout)["ok"] is False
    path.write_text("{not json")
    cli = subprocess.run(
        [sys.executable, "-m", "games.engine.verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert cli.returncode == 2 and "Traceback" not in cli.stderr


def test_another_clubs_member_sees_nothing_of_a_deal(make_table, players, make_user, make_club):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    outsider = make_user("outsider")
    make_club(outsider, "Elsewhere")
    client = _client(outsider)
    for url in (
        f"/deals/{deal.pk}/",
        f"/deals/{deal.pk}/replay/",
        f"/deals/{deal.pk}/export.json",
        f"/tables/{table.pk}/export.json",
        f"/clubs/{table.club.slug}/deals/",
    ):
        assert client.get(url).status_code == 404, url
    page = client.get(f"/fairness/?deal={deal.pk}")
    assert page.status_code == 200 and deal.seed not in page.content.decode()
    assert Client().get(f"/deals/{deal.pk}/").status_code == 302  # anonymous: to the login page


def test_a_player_sees_the_hand_he_was_dealt_even_when_he_passed(make_table, players):
    table = make_table()
    sit_all(table, players)
    # The bots' choices depend on the shuffle: deals are played until one has a player who passed.
    for _ in range(10):
        deal = play_deal_as_people(start_deal(table), players)
        passer = DealPlayer.objects.filter(deal=deal, status="pass").select_related("member__user").first()
        if passer is not None:
            break
    assert passer is not None, "nobody passed in ten deals"
    dealt = history.dealt_hands(history.deal_steps(deal)[0].state)[passer.engine_seat]
    page = _client(passer.member.user).get(f"/deals/{deal.pk}/").content.decode()
    assert "Your hand as dealt" in page
    for card in dealt:
        assert f'data-card="{card}"' in page
    # Another player sees only what the end of the deal showed everyone, and his own dealt hand.
    other = next(
        p for p in DealPlayer.objects.filter(deal=deal).select_related("member__user") if p.pk != passer.pk
    )
    final = history.deal_steps(deal)[-1].state
    allowed = cards_allowed(final, other.engine_seat) | set(
        history.dealt_hands(history.deal_steps(deal)[0].state)[other.engine_seat]
    )
    shown = cards_in(_client(other.member.user).get(f"/deals/{deal.pk}/").content.decode())
    assert shown <= allowed, sorted(shown - allowed)
    assert not (set(dealt) - allowed) & shown


def test_history_lists_the_deals_with_the_viewers_net_and_filters(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    table_leave(session_id=table.pk, user=players[0])
    mine = DealPlayer.objects.get(deal=deal, member__user=players[0])
    client = _client(players[0])
    page = client.get(f"/clubs/{table.club.slug}/deals/").content.decode()
    assert f"/deals/{deal.pk}/" in page
    assert (f"+{mine.net}" if mine.net > 0 else str(mine.net)) in page
    assert (
        f"/deals/{deal.pk}/"
        in client.get(f"/clubs/{table.club.slug}/deals/?player={players[1].username}").content.decode()
    )
    assert (
        f"/deals/{deal.pk}/"
        not in client.get(f"/clubs/{table.club.slug}/deals/?preset=frap").content.decode()
    )
    for odd in ("?page=-1", "?page=99999999999999999999", "?page=²", "?table=99999999999999999999999",
                "?table=٣", "?player=%D0%B0"):
        assert client.get(f"/clubs/{table.club.slug}/deals/{odd}").status_code == 200, odd
    for odd in ("?page=%00", "?table=%00", "?player=%00", "?preset=%00"):
        assert client.get(f"/clubs/{table.club.slug}/deals/{odd}").status_code == 400, odd
    steps = len(history.deal_steps(deal)) - 1
    for step in (0, steps // 2, steps, steps + 5, "-3", "²"):
        assert client.get(f"/deals/{deal.pk}/replay/?step={step}").status_code == 200


def test_a_replay_step_past_the_end_shows_the_last_step_however_long_the_number(make_table, players):
    """?step=999 showed the last move, ?step=1000000 (six digits or more) the first."""
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    client = _client(players[0])
    last = len(history.deal_steps(deal)) - 1
    for step in (last, last + 5, 999, 100000, 1000000, "99999999999999999999", "9" * 5000):
        page = client.get(f"/deals/{deal.pk}/replay/?step={step}")
        assert page.status_code == 200, step
        assert f'data-step="{last}"' in page.content.decode(), str(step)[:30]
    assert 'data-step="1"' in client.get(f"/deals/{deal.pk}/replay/?step=0000001").content.decode()
    for step in ("", "-3", "abc", "1.5", "²"):
        assert 'data-step="0"' in client.get(f"/deals/{deal.pk}/replay/?step={step}").content.decode(), step
