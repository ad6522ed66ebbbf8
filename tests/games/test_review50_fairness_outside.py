"""Review 50: provably fair play checked from outside, with a verifier written from the published
words alone (RULES.md 4.1 and 8, the Fairness page's formula for the players' strings), not from
``games.engine.shuffle``: the commitment a player reads on the table page before the deal is the
deal's, its seed (revealed only once the deal is over) hashes to it, the deck is its shuffle mixed
with the players' strings, the hands went round from the dealer's left, every card shown played was
in its player's hand, and the exported scenario replays with ``python -m games.engine.replay`` to
the same stacks."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from games.models import Deal
from games.services import seed_contribute

from .conftest import play_deal_as_people, sit_all, start_deal

ROOT = Path(__file__).resolve().parents[2]
_HEX64 = re.compile(r"\b[0-9a-f]{64}\b")


# --- the verifier, from the docs ------------------------------------------------------------------


def _canonical(size: int) -> list[str]:
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    low = {52: 0, 36: 4, 32: 5}[size]
    return [rank + suit for suit in "SHDC" for rank in ranks[low:]]


def _draws(seed: bytes):
    k = 0
    while True:
        block = hashlib.sha256(seed + k.to_bytes(4, "big")).digest()
        for i in range(0, 32, 8):
            yield int.from_bytes(block[i : i + 8], "big")
        k += 1


def _shuffle(seed: bytes, size: int) -> list[str]:
    deck = _canonical(size)
    stream = _draws(seed)
    for i in range(size - 1, 0, -1):
        bound = i + 1
        limit = 2**64 - (2**64 % bound)
        u = next(stream)
        while u >= limit:
            u = next(stream)
        j = u % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _mixed(seed: bytes, strings: list[str]) -> bytes:
    if not strings:
        return seed
    return hashlib.sha256(seed + b"".join(hashlib.sha256(s.encode()).digest() for s in strings)).digest()


def _dealt(deck: list[str], seats: int, dealer: int, hand_size: int) -> list[list[str]]:
    hands: list[list[str]] = [[] for _ in range(seats)]
    order = [(dealer + 1 + k) % seats for k in range(seats)]
    top = 0
    for _round in range(hand_size):
        for seat in order:
            hands[seat].append(deck[top])
            top += 1
    return hands


# --- the site -------------------------------------------------------------------------------------


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


HAND = {
    "classic": 4,
    "moryak": 4,
    "bulgarian36": 4,
    "zone52": 4,
    "student": 4,
    "frap": 4,
    "khrap5": 5,
    "named5": 5,
}


@pytest.mark.parametrize(
    "preset", ["classic", "moryak", "bulgarian36", "zone52", "student", "frap", "khrap5", "named5"]
)
def test_a_finished_deal_checks_out_from_what_the_site_publishes(preset, make_table, players):
    seats = 4 if preset != "student" else 3
    people = players[:seats]
    table = make_table(preset=preset, seats=seats, turn_seconds=600)
    sit_all(table, people)
    page = _client(people[1]).get(f"/tables/{table.pk}/").content.decode()
    published = set(_HEX64.findall(page))
    assert len(published) == 1, "the next deal's commitment is on the table page before the deal"
    before = published.pop()
    seed_contribute(session_id=table.pk, user=people[1], value="vera's own dice: 4 1 6")
    seed_contribute(session_id=table.pk, user=people[0], value="Привет, мир")
    deal = start_deal(table)
    running = _client(people[2]).get(f"/tables/{table.pk}/").content.decode()
    assert before in running, "the running deal's commitment is the one published before it"
    assert deal.seed not in running and deal.seed.upper() not in running
    for url in (f"/deals/{deal.pk}/", f"/deals/{deal.pk}/export.json", f"/deals/{deal.pk}/replay/"):
        assert _client(people[0]).get(url).status_code == 404, url
    fair_page = _client(people[0]).get(f"/fairness/?deal={deal.pk}").content.decode()
    assert deal.seed not in fair_page
    deal = play_deal_as_people(deal, people)

    shown = _client(people[3 % seats]).get(f"/deals/{deal.pk}/").content.decode()
    response = _client(people[3 % seats]).get(f"/deals/{deal.pk}/export.json")
    assert response.status_code == 200
    scenario = json.loads(response.content)
    last = scenario["deals"][-1]
    fair = last["_fair"]
    assert fair["commitment"] == before
    assert fair["seed"] in shown, "the deal's page shows its seed"
    seed = bytes.fromhex(fair["seed"])
    assert len(seed) == 32
    assert hashlib.sha256(seed).hexdigest() == before
    # The players' strings, in seat order.
    assert fair["contributions"] == ["Привет, мир", "vera's own dice: 4 1 6"]
    deck = _shuffle(_mixed(seed, fair["contributions"]), len(last["deck"]))
    assert deck == last["deck"], "the deck is the shuffle of the seed and the strings"
    hands = _dealt(deck, seats, fair["dealer"], HAND[preset])
    assert fair["hands"] == hands, "the hands went round from the dealer's left"
    # Every card played (the deal's moves) was in its player's hand or came from the stock.
    stock = set(deck[seats * HAND[preset] :])
    for action in last["actions"]:
        if action["do"] == "play":
            assert action["card"] in set(hands[action["seat"]]) | stock, action
    # The replay, as a user would run it.
    done = subprocess.run(
        [sys.executable, "-m", "games.engine.replay", "-"],
        input=json.dumps(scenario),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    deal.refresh_from_db()
    assert out["stacks"] == deal.outcome["stacks"]
    assert out["bank"] == deal.outcome["bank"]
    verified = subprocess.run(
        [sys.executable, "-m", "games.engine.verify", "-"],
        input=json.dumps(scenario),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert Deal.objects.get(pk=deal.pk).seed == fair["seed"]
