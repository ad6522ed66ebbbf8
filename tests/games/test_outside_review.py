"""What an outside review of moderation, reports and four-eyes chips found, each with its test.

Reversing a deal's chips under a running deal, a chip request read as granted when a second manager
refused it, a manager acting on the owner, reservations outliving a ban, a mistyped decision word, a
repeated stand-up, a repeated revoke, a too-long reason told as a bad date, the report door telling
strangers which deals exist, a flag that could not be reported, and player pages of applicants.
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.errors import NotAllowed
from club.models import AuditLog, Membership
from games.models import CollusionFlag, Deal, Report, Reservation, Seat
from games.services import table_session_create, table_sit, tables_tick
from games.services.dealing import bank_balance
from games.services.errors import TableError
from games.services.reports import report_create, report_resolve
from games.services.schedule import seat_reserve
from ledger.models import Adjustment, Journal
from ledger.selectors import wallet_balance
from ledger.services import adjustments, chips_grant
from ledger.services.adjustments import adjustment_approve, chips_adjust, chips_request
from tests.games.conftest import play_deal_as_people, sit_all, start_deal
from tests.games.gaps_script import use_deck

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _messages(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.fixture
def managers(club, owner, players):
    """players[0] and players[1], managers (not owners)."""
    for user in players[:2]:
        membership = Membership.objects.get(club=club, user=user)
        club_services.membership_set_role(membership=membership, actor=owner, role="manager")
    return players[:2]


def test_chips_of_a_finished_deal_are_not_reversed_under_the_next_one(
    make_table, players, owner, monkeypatch
):
    table = make_table()
    use_deck(monkeypatch, table=table)  # the same deals every run
    sit_all(table, players)
    first = play_deal_as_people(start_deal(table), players)
    tables_tick(timezone.now() + timedelta(minutes=1))
    second = Deal.objects.get(session=table, finished_at__isnull=True)
    ante = Journal.objects.filter(deal=first, kind="ante").first()
    report = report_create(deal_id=first.pk, user=players[0], reason="bug")
    with pytest.raises(TableError) as refused:
        report_resolve(report_id=report.pk, actor=owner, note="move back", outcome="reverse", journal=ante)
    assert refused.value.code == "reverse_mid_deal"
    assert not Journal.objects.filter(reversal_of=ante).exists()
    report.refresh_from_db()
    assert report.status == Report.Status.OPEN
    # The deal in play is untouched and ends; between deals the ante can be moved back (the bank it
    # made is still on the table with this deck).
    play_deal_as_people(second, players)
    assert bank_balance(table) >= ante.entries.filter(amount__gt=0).get().amount
    report_resolve(report_id=report.pk, actor=owner, note="move back", outcome="reverse", journal=ante)
    assert Journal.objects.filter(reversal_of=ante).count() == 1


def test_a_request_a_second_manager_refused_is_not_read_as_granted(club, players, managers):
    club.four_eyes_above = 100
    club.save()
    member = Membership.objects.get(club=club, user=players[2])
    asked = chips_request(member=member, amount=500, note="please")
    answer = _client(managers[0]).post(
        f"/clubs/{club.slug}/chips/requests/{asked.pk}/grant/", {"answer": "ok", "amount": "400"}, follow=True
    )
    assert any("second manager" in m for m in _messages(answer))
    waiting = _client(players[2]).get(f"/clubs/{club.slug}/").content.decode()
    assert "A manager agreed to give you 400 chips; a second manager must approve it." in waiting
    adjustment = Adjustment.objects.get()
    _client(managers[1]).post(
        f"/clubs/{club.slug}/chips/waiting/{adjustment.pk}/refuse/", {"answer": "too much"}
    )
    page = _client(players[2]).get(f"/clubs/{club.slug}/").content.decode()
    assert "was granted" not in page and "You were granted" not in page
    assert "Your request for 500 chips was refused by a second manager." in page and "too much" in page
    assert wallet_balance(membership=member) == 1000  # what the table fixture gave him


def test_a_request_granted_says_what_was_given(club, owner, players):
    member = Membership.objects.get(club=club, user=players[2])
    asked = chips_request(member=member, amount=50)
    _client(owner).post(
        f"/clubs/{club.slug}/chips/requests/{asked.pk}/grant/", {"answer": "", "amount": "30"}
    )
    page = _client(players[2]).get(f"/clubs/{club.slug}/").content.decode()
    assert "You were granted 30 chips (you asked for 50)." in page
    assert wallet_balance(membership=member) == 1000 + 30


def test_a_plain_manager_cannot_stand_the_owner_up_nor_take_his_chips(
    make_table, club, owner, players, managers
):
    owner_membership = Membership.objects.get(club=club, user=owner)
    club.self_grant_limit = 1000
    club.save()
    filed = chips_adjust(
        member=owner_membership, kind="grant", amount=500, actor=owner, reason="me", idempotency_key="k1"
    )
    adjustment_approve(adjustment_id=filed.adjustment.pk, actor=managers[0])
    table = make_table()
    table_sit(session_id=table.pk, user=owner, position=0, buy_in=200)
    answer = _client(managers[0]).post(
        f"/tables/{table.pk}/standup/", {"do": "standup", "position": "1", "reason": "go"}, follow=True
    )
    assert Seat.objects.get(session=table, position=0).status != Seat.Status.LEFT
    assert any("owner" in m for m in _messages(answer))
    revoke = {"member": owner_membership.pk, "kind": "revoke", "amount": "50", "reason": "mine now"}
    _client(managers[0]).post(f"/clubs/{club.slug}/chips/grant/", {**revoke, "token": uuid.uuid4().hex})
    assert not Journal.objects.filter(kind="revoke").exists()
    # A manager is the owner's to act on, not another manager's.
    other_manager = Membership.objects.get(club=club, user=managers[1])
    chips_grant(membership=other_manager, amount=80, actor=owner, reason="x")
    with pytest.raises(NotAllowed):
        chips_adjust(
            member=other_manager, kind="revoke", amount=5, actor=managers[0], reason="x", idempotency_key="k2"
        )
    chips_adjust(member=other_manager, kind="revoke", amount=5, actor=owner, reason="x", idempotency_key="k3")
    assert wallet_balance(membership=other_manager) == 1000 + 80 - 5


def test_a_stand_up_clicked_three_times_is_done_and_logged_once(make_table, owner, players):
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    client = _client(owner)
    answers = [
        client.post(
            f"/tables/{table.pk}/standup/", {"do": "standup", "position": "3", "reason": "go"}, follow=True
        )
        for _ in range(3)
    ]
    assert AuditLog.objects.filter(action="table.stood_up_by_manager").count() == 1
    assert any("already leaves" in m for m in _messages(answers[2]))


def test_a_banned_members_reservation_frees_the_seat(club, owner, players):
    table = table_session_create(
        club=club,
        actor=owner,
        title="Friday",
        preset="classic",
        seat_count=4,
        stake=5,
        buy_in_min=100,
        buy_in_max=500,
        turn_seconds=30,
        starts_at=timezone.now() + timedelta(hours=2),
    )
    seat_reserve(session_id=table.pk, user=players[1], position=2)
    banned = Membership.objects.get(club=club, user=players[1])
    club_services.membership_ban(membership=banned, actor=owner, reason="cheat")
    assert Reservation.objects.get(session=table, member=banned).status == Reservation.Status.CANCELLED
    seat_reserve(session_id=table.pk, user=players[2], position=2)
    assert Reservation.objects.filter(session=table, position=2, status=Reservation.Status.HELD).count() == 1


def test_a_mistyped_decision_word_decides_nothing(club, players, managers):
    club.four_eyes_above = 100
    club.save()
    member = Membership.objects.get(club=club, user=players[2])
    chips_adjust(member=member, kind="grant", amount=500, actor=managers[0], reason="x", idempotency_key="k")
    adjustment = Adjustment.objects.get()
    for word in ("APPROVE", "approve ", "yes", "refuse\x00"):
        response = _client(managers[1]).post(f"/clubs/{club.slug}/chips/waiting/{adjustment.pk}/{word}/")
        assert response.status_code in (400, 404), word  # NUL is refused before any view
    adjustment.refresh_from_db()
    assert adjustment.status == Adjustment.Status.PENDING
    asked = chips_request(member=Membership.objects.get(club=club, user=players[3]), amount=5)
    response = _client(managers[1]).post(
        f"/clubs/{club.slug}/chips/requests/{asked.pk}/Grant/", {"answer": "x"}
    )
    assert response.status_code == 404
    asked.refresh_from_db()
    assert asked.status == "open"


def test_a_revoke_sent_twice_says_it_was_booked_once(club, owner, players):
    member = Membership.objects.get(club=club, user=players[2])
    chips_grant(membership=member, amount=20, actor=owner, reason="x")
    data = {"member": member.pk, "kind": "revoke", "amount": "5", "reason": "oops", "token": uuid.uuid4().hex}
    client = _client(owner)
    first = client.post(f"/clubs/{club.slug}/chips/grant/", data, follow=True)
    second = client.post(f"/clubs/{club.slug}/chips/grant/", data, follow=True)
    assert Journal.objects.filter(kind="revoke").count() == 1
    assert wallet_balance(membership=member) == 1000 + 20 - 5
    assert not any("already" in m for m in _messages(first))
    assert any("already" in m for m in _messages(second))


def test_a_too_long_ban_reason_is_told_as_such(club, owner, players):
    target = Membership.objects.get(club=club, user=players[1])
    answer = _client(owner).post(
        f"/clubs/{club.slug}/members/{target.pk}/ban/", {"reason": "x" * 501, "until": ""}, follow=True
    )
    target.refresh_from_db()
    assert target.status == Membership.Status.ACTIVE
    said = " ".join(_messages(answer))
    assert "Reason" in said and "500" in said and "date" not in said


def test_the_report_door_tells_a_stranger_nothing(make_table, players, make_user, make_club):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    stranger = make_user("stranger")
    make_club(stranger, "Stranger Club")
    client = _client(stranger)
    existing = client.post(f"/deals/{deal.pk}/report/", {"reason": "cheating"})
    missing = client.post(f"/deals/{deal.pk + 999}/report/", {"reason": "cheating"})
    assert existing.status_code == missing.status_code == 404
    assert not Report.objects.exists()


def test_a_flag_is_reported_even_when_its_manager_already_reported_the_deal(make_table, players, owner, club):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    first, second = (Membership.objects.get(club=club, user=u) for u in players[:2])
    flag = CollusionFlag.objects.create(
        club=club, first=first, second=second, score=9.0, signals={"pass": 3}, deals=[deal.pk], deal_count=1
    )
    report_create(deal_id=deal.pk, user=owner, reason="abuse", comment="my own")
    _client(owner).post(f"/clubs/{club.slug}/collusion/{flag.pk}/report/")
    flag.refresh_from_db()
    assert flag.status == CollusionFlag.Status.REPORTED
    assert Report.objects.filter(deal=deal).count() == 1


def test_player_pages_are_for_people_who_played_or_play_here(club, owner, players, make_user):
    club.join_policy = "approval"
    club.save()
    asker = make_user("asker", display_name="Secret Asker")
    club_services.membership_join(club=club, user=asker)
    client = _client(players[1])
    assert client.get(f"/clubs/{club.slug}/players/asker/").status_code == 404
    assert client.get(f"/clubs/{club.slug}/players/{players[2].username}/").status_code == 200
    banned = Membership.objects.get(club=club, user=players[3])
    club_services.membership_ban(membership=banned, actor=owner, reason="private reason")
    assert client.get(f"/clubs/{club.slug}/players/{players[3].username}/").status_code == 404


def test_the_review_page_sets_the_deal_beside_its_journals(make_table, players, owner):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    report = report_create(deal_id=deal.pk, user=players[0], reason="bug")
    page = _client(owner).get(f"/reports/{report.pk}/").content.decode()
    table_part, _, ledger_part = page.partition('id="report-ledger"')
    assert f"/deals/{deal.pk}/replay/" in page
    # The table as the deal ended, every player named and cards drawn, before the ledger column.
    assert 'class="table-page"' in table_part and "data-card=" in table_part
    for user in players:
        assert user.shown_name in table_part
    journals = list(Journal.objects.filter(deal=deal))
    assert journals  # the antes at least: with none the loop below checked nothing
    for journal in journals:
        assert f"/admin/ledger/journal/{journal.pk}/" in ledger_part


def test_a_grant_cut_into_pieces_under_the_threshold_still_waits_for_a_second_manager(
    club, players, managers, monkeypatch
):
    club.four_eyes_above = 100
    club.save()
    member = Membership.objects.get(club=club, user=players[2])

    def grant(actor, key: str, amount: int = 60):
        return chips_adjust(
            member=member, kind="grant", amount=amount, actor=actor, reason="x", idempotency_key=key
        )

    assert grant(managers[0], "a").journal is not None  # 60 alone: booked
    again = grant(managers[0], "a")  # the same form sent again is the same grant
    assert again.repeated and again.adjustment is None
    second = grant(managers[0], "b")  # 60 more by the same manager within a day: 120 > 100
    assert second.journal is None and second.adjustment.status == Adjustment.Status.PENDING
    assert grant(managers[1], "c").journal is not None  # another manager's own 60
    assert wallet_balance(membership=member) == 1000 + 60 + 60
    # An approved grant does not count against him: 60 alone + 40 = 100, not above.
    adjustment_approve(adjustment_id=second.adjustment.pk, actor=managers[1])
    assert grant(managers[0], "e", amount=40).journal is not None
    assert grant(managers[0], "f", amount=1).adjustment is not None  # 101 now
    # A day later his grants count afresh (the books cannot be back-dated: the clock moves instead).
    later = timezone.now() + timedelta(hours=25)
    monkeypatch.setattr(adjustments, "timezone", SimpleNamespace(now=lambda: later))
    assert grant(managers[0], "d").journal is not None
    assert wallet_balance(membership=member) == 1000 + 60 + 60 + 60 + 40 + 60
