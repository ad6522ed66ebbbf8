"""Review 113: the admin as the managers of two clubs at once. Every list, every filter in its
sidebar, every row's page and the autocomplete of the manager of one club name nothing of the
other club: not its name, its tables, its people, nor its rows reached by their numbers."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.test import Client
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from club import services as club_services
from club.models import AuditLog, Invite, Membership
from games.models import Deal, DealAction, Seat, TableSession
from ledger.models import Account, Entry, Journal

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def other_club(club, owner, players, make_table):
    """Club B: a played deal, a table with seats, an invite, a ban."""
    table = make_table()
    TableSession.objects.filter(pk=table.pk).update(title="Zanzibar night")
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    club_services.invite_create(club=club, actor=owner)
    club_services.membership_ban(
        membership=Membership.objects.get(club=club, user=players[3]), actor=owner, reason="Quixotic"
    )
    return club


@pytest.fixture
def alice(make_user, make_club):
    """The owner of club A, who manages nothing of club B."""
    user = make_user("alice_a", display_name="Alice")
    make_club(user, "Alpha Room")
    return user


def _client(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _secrets(club, players) -> list[str]:
    return [club.name, "Zanzibar", "Quixotic", *(p.username for p in players)]


def test_no_list_names_the_other_club(alice, other_club, players) -> None:
    client = _client(alice)
    secrets = _secrets(other_club, players)
    person = players[0].pk
    queries = [
        "",
        f"?club__id__exact={other_club.pk}",
        f"?member={person}",
        f"?actor={person}",
        f"?target_user={person}",
        "?q=" + players[0].username,
    ]
    for model in admin.site._registry:
        opts = model._meta
        try:
            url = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
        except NoReverseMatch:
            continue
        for query in queries:
            response = client.get(url + query)
            assert response.status_code in (200, 302, 400, 403), (url + query, response.status_code)
            page = response.content.decode()
            if query.startswith("?q="):
                page = page.replace(players[0].username, "")  # the search box says what was typed
            for secret in secrets:
                assert secret not in page, (url + query, secret)


def test_no_row_of_the_other_club_opens(alice, other_club, players) -> None:
    client = _client(alice)
    rows = [
        other_club,
        *Membership.objects.filter(club=other_club),
        *Invite.objects.filter(club=other_club),
        *AuditLog.objects.filter(club=other_club)[:3],
        *TableSession.objects.filter(club=other_club),
        *Deal.objects.filter(session__club=other_club),
        *DealAction.objects.filter(deal__session__club=other_club)[:3],
        *Seat.objects.filter(session__club=other_club),
        *Account.objects.filter(club=other_club)[:3],
        *Journal.objects.filter(club=other_club)[:3],
        *Entry.objects.filter(journal__club=other_club)[:3],
    ]
    for row in rows:
        opts = row._meta
        for view in ("change", "history", "delete"):
            url = reverse(f"admin:{opts.app_label}_{opts.model_name}_{view}", args=[row.pk])
            response = client.get(url)
            assert response.status_code in (302, 403, 404), (url, response.status_code)
            page = response.content.decode()
            for secret in _secrets(other_club, players):
                assert secret not in page, (url, secret)


def test_the_autocomplete_names_nothing_of_the_other_club(alice, other_club, players) -> None:
    """Django's autocomplete answers for any relation of any model to a list with a search box, asked
    or not: each answers with the reader's own rows only."""
    client = _client(alice)
    asked = 0
    for model in apps.get_models():
        for field in model._meta.get_fields():
            if not (field.many_to_one or field.many_to_many) or not field.concrete:
                continue
            if field.related_model not in admin.site._registry:
                continue
            for term in ("", other_club.name[:5], "Zanzibar", players[0].username):
                response = client.get(
                    "/admin/autocomplete/",
                    {
                        "app_label": model._meta.app_label,
                        "model_name": model._meta.model_name,
                        "field_name": field.name,
                        "term": term,
                    },
                )
                asked += 1
                assert response.status_code in (200, 403, 404), (model, field.name, response.status_code)
                for secret in _secrets(other_club, players):
                    assert secret not in response.content.decode(), (model, field.name, secret)
    assert asked


def test_actions_on_the_other_clubs_rows_do_nothing(alice, other_club, players) -> None:
    client = _client(alice)
    banned = Membership.objects.get(club=other_club, user=players[3])
    member = Membership.objects.get(club=other_club, user=players[0])
    for action, row in (("unban_selected", banned), ("ban_selected", member), ("suspend_selected", member)):
        client.post(
            reverse("admin:club_membership_changelist"),
            {"action": action, "_selected_action": [str(row.pk)], "reason": "x", "until": "2099-01-01"},
        )
    assert Membership.objects.get(pk=banned.pk).status == Membership.Status.BANNED
    member.refresh_from_db()
    assert member.status == Membership.Status.ACTIVE and not member.is_suspended
    seat = Seat.objects.filter(session__club=other_club).exclude(status=Seat.Status.LEFT).first()
    if seat is not None:
        client.post(
            reverse("admin:games_seat_changelist"),
            {"action": "stand_up_selected", "_selected_action": [str(seat.pk)]},
        )
        seat.refresh_from_db()
        assert not seat.leave_after_deal and seat.status != Seat.Status.LEFT


def test_the_books_pages_name_nothing_of_the_other_club(alice, other_club, players) -> None:
    client = _client(alice)
    account = Account.objects.filter(club=other_club, member__isnull=False).first()
    urls = [
        reverse("admin:ledger_account_statement", args=[account.pk]),
        reverse("admin:ledger_trial_balance", args=[other_club.pk]),
        reverse("admin:ledger_trial_balance_index"),
        reverse("admin:ledger_entry_export"),
        reverse("admin:ledger_entry_export") + f"?club__id__exact={other_club.pk}",
        reverse("admin:club_auditlog_export"),
        reverse("admin:club_auditlog_export") + f"?target_user={players[3].pk}",
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code in (200, 302, 400, 403, 404), (url, response.status_code)
        body = b"".join(response.streaming_content) if response.streaming else response.content
        for secret in _secrets(other_club, players):
            assert secret not in body.decode(), (url, secret)
