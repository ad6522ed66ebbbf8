"""Review 50: hidden information, read from outside while deals of every preset run.

Each deal is played with moves drawn among the legal ones (the rare ones first: dark, blind, shoot,
helicopter, the wrap, exchanges), and what the site offers is read as each seated player, as a
member who only watches, as a member of another club and logged out: the table page, the socket
messages of every group (after every move), the deal's page, replay and scenario export, the
table's export, the club's history and each player's stats page (as each phase begins, and by
turns between). No card may show that its reader may not
see (``cards_allowed``: the table's open cards, his own hand once looked at), nor the seed, nor the
next deal's seed."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.test import Client

from club import services as club_services
from games import broadcast
from games.engine import legal_actions
from games.models import Deal, TableSession
from games.presenter import card_name
from games.services import dealing, table_act
from games.services.presence import presence_join

from .conftest import sit_all, start_deal
from .sockets import cards_allowed, cards_in

_CARD = re.compile(r"^(10|[2-9JQKA])[SHDC]$")
_RARE = {"dark", "blind", "shoot", "helicopter", "wrap_swap", "five", "six", "cheer", "mourn", "name_trump"}


def _client(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _strings(value, out: list[str]) -> list[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            out.append(str(key))
            _strings(item, out)
    elif isinstance(value, list | tuple):
        for item in value:
            _strings(item, out)
    elif isinstance(value, str):
        out.append(value)
    return out


def _named(card: str) -> str:
    """A card by name, as a screen reader hears it (``aria-label``, the log): "Ace of spades"."""
    return card_name(card, "en")


def _choose(rng: random.Random, state, seat):
    options = [a for a in legal_actions(state, seat) if a.do != "look"]
    rare = [a for a in options if a.do in _RARE]
    if rare and rng.random() < 0.7:
        return rng.choice(rare)
    if state.phase != "bidding" and options:
        return rng.choice(options)
    snore = [a for a in options if a.do in {"snore", "help"}]
    if snore and rng.random() < 0.6:
        return rng.choice(snore)
    return rng.choice(options) if options else legal_actions(state, seat)[0]


PRESETS = ["classic", "moryak", "bulgarian36", "zone52", "student", "frap", "khrap5", "named5"]


@pytest.mark.parametrize("preset", PRESETS)
def test_no_reader_sees_a_hidden_card_while_the_deal_runs(
    preset, make_table, players, make_user, make_club, club
):
    seats = 3 if preset == "student" else 4
    people = players[:seats]
    watcher = make_user(f"watcher{preset}")
    club_services.membership_join(club=club, user=watcher)
    stranger = make_user(f"stranger{preset}")
    make_club(stranger, f"Other club {preset}")
    table = make_table(preset=preset, seats=seats, turn_seconds=600)
    presence_join(session_id=table.pk, user=watcher)
    sit_all(table, people)
    rng = random.Random(preset)
    clients = {u.pk: _client(u) for u in [*people, watcher, stranger]}
    anonymous = _client(None)
    deals_seen = 0
    deal = start_deal(table)
    first = deal
    moves = 0
    done: set[str] = set()
    checked: set[tuple[int, str]] = set()
    while deals_seen < 2 and moves < 400:
        state = dealing.deal_state(deal)
        seat_of = {i: s.member.user for i, s in enumerate(dealing.deal_players(deal))}
        user_seat = {u.pk: i for i, u in seat_of.items()}
        next_seed = TableSession.objects.get(pk=table.pk).next_seed
        secrets_ = {next_seed} if deal.is_over else {deal.seed, next_seed}
        only_first = deal.pk == first.pk  # before any deal is over: the history shows no cards yet
        # Every reader reads everything when a phase begins (what may be seen changes with it: the
        # look, the exchange's draw, the first lead, the end); every fourth move each reads the table
        # page; between, one reader's table page in turn. Every socket message is read after every
        # move (below). Reading all of it after every move cost up to a minute per preset.
        phase_begins = (deal.pk, state.phase) not in checked
        checked.add((deal.pk, state.phase))
        everyone = phase_begins or not moves % 4
        readers = [*people, watcher]
        # The deal's own pages: every reader when a phase begins, else one in turn every fourth move.
        deal_reader = readers[(moves // 4) % len(readers)] if everyone else None
        for user in readers if everyone else [readers[moves % len(readers)]]:
            seat = user_seat.get(user.pk)
            # Once over, the deal's page shows it whole to every member: its cards are no secret.
            allowed = set(state.setup.deck) if deal.is_over else cards_allowed(state, seat)
            page = clients[user.pk].get(f"/tables/{table.pk}/").content.decode()
            assert not any(s in page for s in secrets_), (user.username, "seed on the table page")
            extra = cards_in(page) - allowed
            assert not extra, (preset, deal.seq, state.phase, user.username, sorted(extra))
            named = {c for c in state.setup.deck if c not in allowed and _named(c) in page}
            assert not named, (preset, deal.seq, user.username, "named", sorted(named))
            if seat is not None and state.seen[seat] and state.hands[seat] and not deal.is_over:
                assert any(_named(c) in page for c in state.hands[seat]), "his own cards are named"
            reads = (
                []
                if deal.is_over or not (phase_begins or user is deal_reader)
                else [
                    f"/deals/{deal.pk}/",
                    f"/deals/{deal.pk}/replay/",
                    f"/deals/{deal.pk}/export.json",
                    f"/fairness/?deal={deal.pk}",
                ]
            )
            if only_first and reads and phase_begins:
                reads += [
                    f"/tables/{table.pk}/export.json",
                    f"/clubs/{club.slug}/deals/",
                    *(f"/clubs/{club.slug}/players/{p.username}/" for p in people),
                ]
            for url in reads:
                response = clients[user.pk].get(url)
                body = response.content.decode(errors="replace")
                assert not any(s in body for s in secrets_), (url, user.username)
                extra = cards_in(body) - allowed
                assert not extra, (url, preset, deal.seq, user.username, sorted(extra))
        for client in (clients[stranger.pk], anonymous) if phase_begins else ():
            for url in (
                f"/tables/{table.pk}/",
                f"/deals/{deal.pk}/",
                f"/deals/{deal.pk}/export.json",
                f"/fairness/?deal={deal.pk}",
                f"/tables/{table.pk}/export.json",
            ):
                body = client.get(url).content.decode(errors="replace")
                assert not cards_in(body) - cards_allowed(state, None), url
                assert not any(s in body for s in secrets_), url
        for group, message in broadcast.table_messages(table.pk):
            seat = message.get("seat") if message["type"] == "table.view" else None
            allowed = set(state.setup.deck) if deal.is_over else cards_allowed(state, seat)
            strings = _strings(message, [])
            shown = {s for s in strings if _CARD.match(s)}
            assert not shown - allowed, (group, preset, deal.seq, state.phase, sorted(shown - allowed))
            text = json.dumps(message)
            if not deal.is_over:
                assert deal.seed not in text
            assert next_seed not in text
        if deal.is_over:
            deals_seen += 1
            if deals_seen >= 2:
                break
            deal = start_deal(table)
            continue
        seat = state.queue[0]
        action = _choose(rng, state, seat)
        table_act(session_id=table.pk, user=seat_of[seat], action=action, expected_seq=deal.seq)
        done.add(action.do)
        moves += 1
        deal = Deal.objects.get(pk=deal.pk)
    assert deals_seen == 2, "two deals were played"
    _table_export_replays(table, clients[people[0].pk])


def _table_export_replays(table, client) -> None:
    """The table's scenario files replay, deal by deal, to the outcomes the site booked, and verify."""
    import io
    import zipfile

    from games.engine.replay import run_scenario
    from games.engine.verify import verify_scenario

    response = client.get(f"/tables/{table.pk}/export.json")
    assert response.status_code == 200
    if response["Content-Type"] == "application/zip":
        with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
            parts = [json.loads(archive.read(n)) for n in sorted(archive.namelist())]
    else:
        parts = [json.loads(response.content)]
    finished = list(Deal.objects.filter(session=table, finished_at__isnull=False).order_by("number"))
    seen = []
    for part in parts:
        result, status = verify_scenario(json.loads(json.dumps(part)))
        assert status == 0, result
        if "stacks" not in part:
            seen += [d["_deal"]["id"] for d in part["deals"]]
            continue  # a fairness record alone
        output = run_scenario(json.loads(json.dumps(part)))
        out = output[0] if isinstance(output, tuple) else output
        assert out["error"] is None, out
        ids = [d["_deal"]["id"] for d in part["deals"]]
        seen += ids
        for entry, deal_id in zip(out["deals"], ids, strict=True):
            booked = Deal.objects.get(pk=deal_id).outcome
            assert entry["result"] == booked["result"], (deal_id, entry, booked)
        last = Deal.objects.get(pk=ids[-1]).outcome
        assert out["stacks"] == last["stacks"] and out["bank"] == last["bank"], (out, last)
    assert sorted(seen) == [d.pk for d in finished]
