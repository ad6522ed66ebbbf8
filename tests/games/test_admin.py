"""Managers schedule tables in the admin through the same service, for their own clubs only; a
running deal's seed and actions stay hidden there."""

from __future__ import annotations

from datetime import timedelta

from django.test import Client
from django.utils import timezone

from club.models import Membership
from games.models import DealAction, TableSession

from .conftest import TABLE_FORM, sit_all, start_deal


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


# A month ahead, whenever the tests run: a table may be scheduled at most a year ahead.
_EVENING = (timezone.now() + timedelta(days=30)).replace(hour=20, minute=0)

FORM = {
    **TABLE_FORM,
    "title": "Tuesday",
    "overrides": "",
    "starts_at": _EVENING.strftime("%Y-%m-%dT%H:%M"),
    "ends_at": (_EVENING + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M"),
    "repeat_weekly": "on",
}


def test_a_manager_schedules_a_session_in_the_admin(owner, club, make_user, make_club):
    client = _client(owner)
    response = client.post("/admin/games/tablesession/add/", {**FORM, "club": club.pk})
    assert response.status_code == 302, response.content.decode()[:2000]
    session = TableSession.objects.get(title="Tuesday")
    assert session.club == club and session.status == TableSession.Status.SCHEDULED and session.repeat_weekly
    # Another club's id is not offered, and refused.
    other_owner = make_user("other-owner")
    other = make_club(other_owner, "Other Club")
    response = client.post("/admin/games/tablesession/add/", {**FORM, "club": other.pk, "title": "Sneaky"})
    assert response.status_code == 200 and not TableSession.objects.filter(title="Sneaky").exists()
    # Bad values are refused with a message, nothing created.
    response = client.post(
        "/admin/games/tablesession/add/",
        {**FORM, "club": club.pk, "title": "Bad", "overrides": '{"hand_size": "many"}'},
    )
    assert response.status_code == 200 and not TableSession.objects.filter(title="Bad").exists()
    assert "not valid" in response.content.decode()


def test_a_plain_member_cannot_schedule_in_the_admin(club, players):
    response = _client(players[0]).post("/admin/games/tablesession/add/", {**FORM, "club": club.pk})
    assert response.status_code in (302, 403)
    assert not TableSession.objects.filter(title="Tuesday").exists()


def test_a_running_deals_seed_and_actions_are_hidden_in_the_admin(make_table, players, owner, club):
    Membership.objects.filter(club=club, user=owner).update(role=Membership.Role.OWNER)
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    from games.engine import Action
    from games.services import dealing, table_act

    seat = dealing.deal_state(deal).queue[0]
    table_act(
        session_id=table.pk,
        user=dealing.deal_players(deal)[seat].member.user,
        action=Action("pass"),
        expected_seq=0,
    )
    client = _client(owner)
    page = client.get(f"/admin/games/deal/{deal.pk}/change/").content.decode()
    assert deal.seed not in page and "hidden until the deal is over" in page
    action = DealAction.objects.get(deal=deal)
    assert (
        client.get(f"/admin/games/dealaction/{action.pk}/change/").status_code == 302
    )  # not found: listed away
    assert (
        f"/admin/games/dealaction/{action.pk}/change/"
        not in client.get("/admin/games/dealaction/").content.decode()
    )


def test_journals_and_deals_link_both_ways(make_table, players, owner):
    from ledger.models import Journal

    from .conftest import play_deal_as_people

    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    journal = Journal.objects.filter(deal=deal).first()
    assert journal is not None
    client = _client(owner)
    admin_page = client.get(f"/admin/ledger/journal/{journal.pk}/change/").content.decode()
    assert f"/deals/{deal.pk}/" in admin_page
    listing = client.get("/admin/ledger/journal/").content.decode()
    assert f"/deals/{deal.pk}/" in listing
    deal_page = client.get(f"/deals/{deal.pk}/").content.decode()
    assert f"/admin/ledger/journal/{journal.pk}/change/" in deal_page
    # A URL filter through the deal to its seed (or state) is refused, not answered.
    assert client.get("/admin/ledger/journal/", {"deal__seed__startswith": deal.seed[:2]}).status_code == 400
    assert client.get("/admin/games/deal/", {"seed__startswith": deal.seed[:2]}).status_code == 400


def test_a_tables_books_balance_for_its_managers(make_table, players, owner, make_user, make_club):
    from games.services import table_leave
    from ledger.selectors import table_ledger

    from .conftest import play_deal_as_people

    table = make_table()
    sit_all(table, players, buy_in=200)
    play_deal_as_people(start_deal(table), players)
    table_leave(session_id=table.pk, user=players[0])
    books = table_ledger(table_id=table.pk)
    assert books.came_in == 800
    assert books.came_in - books.went_out == books.held == books.credits - books.debits
    kinds = {row["kind"] for row in books.by_kind}
    assert {"buy_in", "ante", "leave"} <= kinds
    page = _client(owner).get(f"/tables/{table.pk}/ledger/").content.decode()
    assert "The table&#x27;s books balance" in page or "The table's books balance" in page
    assert _client(players[1]).get(f"/tables/{table.pk}/ledger/").status_code == 404
    stranger = make_user("stranger-ledger")
    make_club(stranger, "Far Club")
    assert _client(stranger).get(f"/tables/{table.pk}/ledger/").status_code == 404
