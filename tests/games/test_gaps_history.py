"""Gaps of history and fairness: each replay step shows its reader his own cards only (a spectator's
view to a member who did not play), a passer's dealt hand on the deal page (a deterministic deal),
upcoming sessions in the member's time zone, the commitment before a deal and the seed only after,
a seed contribution sent through the socket mixed into the deck, and the fairness page's test vector."""

from __future__ import annotations

import hashlib
from datetime import UTC, timedelta

import pytest
from asgiref.sync import async_to_sync
from django.test import Client
from django.utils import timezone

from games import history
from games.engine.fairness import deck_seed
from games.engine.shuffle import shuffled_deck
from games.models import Deal, DealPlayer, SeedContribution, TableSession
from games.services import dealing

from .conftest import play_deal_as_people, sit_all, start_deal
from .gaps_script import HANDS, play_scripted, use_deck
from .sockets import cards_allowed, cards_in, connect, error_of, frames, is_error


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _scripted_deal(make_table, players, monkeypatch) -> Deal:
    table = make_table()
    use_deck(monkeypatch, table=table)
    sit_all(table, players)
    return play_scripted(start_deal(table))


# --- 7. replay visibility ---------------------------------------------------------------------------


def test_every_replay_step_shows_a_player_his_own_cards_and_a_member_who_did_not_play_none(
    make_table, players, owner, monkeypatch
):
    deal = _scripted_deal(make_table, players, monkeypatch)
    steps = history.deal_steps(deal)
    assert len(steps) - 1 == deal.seq >= 15
    viewers = {0: players[0], 3: players[3], None: owner}  # Vera snored, Ivan passed, Olga watched
    for seat, user in viewers.items():
        client = _client(user)
        for number, step in enumerate(steps):
            page = client.get(f"/deals/{deal.pk}/replay/?step={number}").content.decode()
            shown = cards_in(page)
            allowed = cards_allowed(step.state, seat)
            assert shown <= allowed, f"seat {seat} saw {sorted(shown - allowed)} at step {number}"
            others = {c for s, hand in enumerate(step.state.hands) if s != seat for c in hand}
            assert not (others - allowed) & shown
            if number == 0:
                mine = set(HANDS[seat]) if seat is not None else set()
                assert shown == mine | {"9H"}, (seat, sorted(shown))
    # The owner never played: at the end he sees the played hands, not Ivan's (who passed).
    page = _client(owner).get(f"/deals/{deal.pk}/replay/?step={len(steps) - 1}").content.decode()
    assert not set(HANDS[3]) & cards_in(page)
    assert deal.seed in page


def test_a_player_who_passed_sees_the_hand_he_was_dealt_and_nobody_else_does(
    make_table, players, owner, monkeypatch
):
    deal = _scripted_deal(make_table, players, monkeypatch)
    passer = DealPlayer.objects.get(deal=deal, engine_seat=3)
    assert passer.status == "pass" and passer.member.user == players[3]
    page = _client(players[3]).get(f"/deals/{deal.pk}/").content.decode()
    assert "Your hand as dealt" in page
    dealt_section = page.split("Your hand as dealt", 1)[1].split("</section>", 1)[0]
    assert cards_in(dealt_section) == set(HANDS[3])
    for user in (players[0], players[1], owner):
        page = _client(user).get(f"/deals/{deal.pk}/").content.decode()
        assert not set(HANDS[3]) & cards_in(page), user.username
    assert "Your hand as dealt" not in _client(owner).get(f"/deals/{deal.pk}/").content.decode()
    # Vera's own dealt hand is on her page, though she exchanged nothing away from it.
    vera = _client(players[0]).get(f"/deals/{deal.pk}/").content.decode()
    assert cards_in(vera.split("Your hand as dealt", 1)[1].split("</section>", 1)[0]) == set(HANDS[0])


# --- 8. upcoming sessions, commitment and seed, contributions, the test vector ----------------------


def test_upcoming_sessions_on_the_home_page_are_shown_in_the_members_time_zone(make_table, players):
    start = (
        (timezone.now() + timedelta(days=3))
        .astimezone(UTC)
        .replace(hour=11, minute=0, second=0, microsecond=0)
    )
    make_table(starts_at=start, ends_at=start + timedelta(hours=2), min_players=2)
    vera = players[0]
    vera.time_zone = "Asia/Tokyo"  # UTC+9, no summer time
    vera.save(update_fields=["time_zone"])
    gleb = players[1]  # UTC, the default
    page = _client(vera).get("/").content.decode()
    block = page.split('id="upcoming"', 1)[1].split("</section>", 1)[0]
    assert "20:00–22:00" in block and "(Asia/Tokyo)" in block
    assert "11:00" not in block
    page = _client(gleb).get("/").content.decode()
    block = page.split('id="upcoming"', 1)[1].split("</section>", 1)[0]
    assert "11:00–13:00" in block and "(UTC)" in block


def test_the_commitment_is_on_the_table_page_before_the_deal_and_the_seed_only_after(
    make_table, players, monkeypatch
):
    table = make_table()
    sit_all(table, players)
    table.refresh_from_db()
    secret, promised = table.next_seed, table.next_commitment
    assert promised == hashlib.sha256(bytes.fromhex(secret)).hexdigest()
    client = _client(players[1])
    before = client.get(f"/tables/{table.pk}/").content.decode()
    assert "next-deal-commitment" in before and promised in before
    assert secret not in before
    deal = start_deal(table)
    assert deal.commitment == promised and deal.seed == secret
    during = client.get(f"/tables/{table.pk}/").content.decode()
    assert promised in during and secret not in during
    table.refresh_from_db()
    assert table.next_commitment != promised and table.next_seed not in during
    play_deal_as_people(deal, players)
    after = client.get(f"/tables/{table.pk}/").content.decode()
    assert f"Seed, revealed after the deal: <code>{secret}</code>" in after
    assert hashlib.sha256(bytes.fromhex(secret)).hexdigest() == promised
    table.refresh_from_db()
    assert table.next_commitment in after and table.next_seed not in after  # the next one is secret


@pytest.mark.django_db(transaction=True)
def test_a_seed_contribution_sent_through_the_socket_is_mixed_into_the_deck(make_table, players):
    table = make_table()
    sit_all(table, players)
    promised = TableSession.objects.get(pk=table.pk).next_commitment

    async def scenario() -> list[list[str]]:
        socket = await connect(players[2], table.pk)
        assert (await socket.connect(timeout=5))[0]
        first = await frames(socket)
        assert f'data-contribute="{promised}"' in first[-1]
        await socket.send_json_to({"do": "contribute", "value": "dasha's dice: 4 2 6"})
        accepted = await frames(socket, timeout=10)
        await socket.send_json_to({"do": "contribute", "value": "again"})
        again = await frames(socket, timeout=10)
        await socket.disconnect()
        return [accepted, again]

    accepted, again = async_to_sync(scenario)()
    assert not any(is_error(f) for f in accepted)
    assert accepted and 'data-contribute=""' in accepted[-1]  # his page stops offering it
    assert "1 player has added randomness" in accepted[-1]
    assert error_of(again[-1])["error"] == "already_contributed"
    assert SeedContribution.objects.get(session=table).value == "dasha's dice: 4 2 6"
    deal = start_deal(table)
    assert deal.commitment == promised
    # With the seat it came from (review 152), which the export names.
    assert deal.contributions == [
        {"position": 2, "value": "dasha's dice: 4 2 6", "seat": dealing.deal_players(deal)[2].pk}
    ]
    seed = bytes.fromhex(deal.seed)
    deck = list(dealing.deal_state(deal).setup.deck)
    assert deck == list(shuffled_deck(deck_seed(seed, ["dasha's dice: 4 2 6"]), 36))
    assert deck != list(shuffled_deck(deck_seed(seed, []), 36))


VECTOR_SEED = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
VECTOR_COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
VECTOR_36 = (
    "QH 8D QS JD AS AH AC AD 6D JS 10D 7H 7D KC KD 9C JH QC "
    "JC 6S 9D 8C 6H QD KS 7S 9S 7C 10S 9H 8S KH 6C 10H 8H 10C"
)


def test_the_fairness_page_shows_the_published_test_vector(players):
    for client in (Client(), _client(players[0])):
        page = client.get("/fairness/").content.decode()
        assert f"<code>{VECTOR_SEED}</code>" in page
        assert f"<code>{VECTOR_COMMITMENT}</code>" in page
        assert f'<code id="vector-deck">{VECTOR_36}</code>' in page
        assert f'data-seed="{VECTOR_SEED}" data-commitment="{VECTOR_COMMITMENT}"' in page
    assert hashlib.sha256(bytes.fromhex(VECTOR_SEED)).hexdigest() == VECTOR_COMMITMENT


def test_upcoming_names_the_year_and_the_end_day_of_a_table_past_midnight(make_table, players):
    """Review 9: "Thu 31 Dec, 22:00–02:00" read as an evening ending before it began, and the year
    was nowhere (a table may be set up to a year ahead)."""
    start = (
        (timezone.now() + timedelta(days=3))
        .astimezone(UTC)
        .replace(hour=22, minute=0, second=0, microsecond=0)
    )
    make_table(starts_at=start, ends_at=start + timedelta(hours=4), min_players=2)
    page = _client(players[1]).get("/").content.decode()
    block = page.split('id="upcoming"', 1)[1].split("</section>", 1)[0]
    end = start + timedelta(hours=4)
    assert f"{start.day} {start.strftime('%b')} {start.year}, 22:00–" in block
    assert f"–{end.strftime('%a')} {end.day} {end.strftime('%b')}, 02:00" in block
