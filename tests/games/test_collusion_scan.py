"""The collusion scan reads real deals of the club from the database, stores one flag per pair, and
managers dismiss or report it. (The signals themselves are tested on scripted bots in
tests/engine/test_collusion_signals.py.)"""

from __future__ import annotations

import pytest
from django.test import Client

from games import collusion
from games.models import CollusionFlag, Deal, Report
from games.services import TableError
from games.services.collusion import collusion_decide, collusion_scan, deal_record

from .conftest import play_deal_as_people, sit_all, start_deal


@pytest.fixture
def evening(make_table, players):
    table = make_table()
    # The scan leaves redeals out, and the bots' deals are random: one in nine is a redeal, so the
    # evening goes on until a deal was played (four redeals in a row left nothing to scan). Each
    # redeal antes into the bank again, and a snorer must cover twice the bank: with stacks of 200 a
    # fifth deal after four redeals could no longer be snored, and every deal after it was a redeal.
    sit_all(table, players, buy_in=500)
    for n in range(40):
        play_deal_as_people(start_deal(table), players)
        if n >= 3 and Deal.objects.filter(session=table).exclude(result="redeal").exists():
            break
    assert Deal.objects.filter(session=table).exclude(result="redeal").exists(), "forty redeals"
    return table


def test_a_deal_record_from_the_database_names_the_members(evening, players, club):
    from club.models import Membership

    deal = Deal.objects.filter(session=evening).exclude(result="redeal").first()
    record = deal_record(deal)
    members = set(Membership.objects.filter(club=club, user__in=players).values_list("pk", flat=True))
    assert set(record.people) <= members and len(record.dealt) >= 2
    assert sum(record.nets) == dealing_start_bank(deal) - deal.outcome["bank"]  # chips only change hands


def dealing_start_bank(deal: Deal) -> int:
    from games.services import dealing

    setup = dealing.deal_state(deal).setup
    return setup.start_bank


def test_flags_are_stored_once_per_pair_and_managers_answer(evening, players, owner, club, monkeypatch):
    # Four deals are far too few to raise anything by the real thresholds: lower them for the plumbing.
    monkeypatch.setattr(collusion, "MIN_DEALS", 1)
    monkeypatch.setattr(collusion, "FLAG_SIGNAL", -1.0)
    flags = collusion_scan(club=club)
    assert flags and len(flags) == len({(f.first_id, f.second_id) for f in flags})
    assert len(collusion_scan(club=club)) == len(flags)
    assert CollusionFlag.objects.filter(club=club).count() == len(flags)
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/clubs/{club.slug}/collusion/").content.decode()
    assert f"/deals/{flags[0].deals[-1]}/replay/" in page
    collusion_decide(flag_id=flags[0].pk, actor=owner, decision="report")
    assert Report.objects.filter(deal_id=flags[0].deals[-1], reason="cheating").exists()
    with pytest.raises(TableError):
        collusion_decide(flag_id=flags[0].pk, actor=owner, decision="dismiss")
    client.post(f"/clubs/{club.slug}/collusion/{flags[1].pk}/dismiss/")
    assert CollusionFlag.objects.get(pk=flags[1].pk).status == CollusionFlag.Status.DISMISSED
    player = Client()
    player.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    assert player.get(f"/clubs/{club.slug}/collusion/").status_code == 404
