"""The admin's change lists take only the query parameters their own filters write.

An outside review read a running deal's seed, another club's invite code and password hashes one
character at a time: a filter named ``club`` let ``club__<any relation>__<any field>__startswith``
through, and whether the list (or its CSV export) came back with rows answered yes or no. Every
such question is now a 400, whatever the guess; every link the filters themselves draw still works.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.contrib import admin
from django.db import models
from django.test import Client
from django.urls import reverse

from club import services
from club.admin_site import ClubScopedAdmin
from club.models import Club
from ledger.services import chips_grant

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

SCOPED = {
    model._meta.label: model_admin
    for model, model_admin in admin.site._registry.items()
    if isinstance(model_admin, ClubScopedAdmin)
}


@pytest.fixture
def books(club, owner, member, manager):
    chips_grant(membership=m(club, member), amount=40, actor=owner, reason="welcome", idempotency_key="lk:1")
    services.invite_create(club=club, actor=owner)
    services.membership_ban(membership=m(club, member), actor=manager, reason="test")
    return club


@pytest.fixture
def other_club(make_club, make_user, member) -> Club:
    """Another owner's club that the member of ``club`` also joined: the bridge of the cross-club read."""
    other = make_club(make_user("otto"), "Elsewhere", join_policy=Club.JoinPolicy.OPEN)
    services.membership_join(club=other, user=member)
    services.invite_create(club=other, actor=other.created_by)
    return other


def _changelist(label: str) -> str:
    app, model = label.lower().split(".")
    return reverse(f"admin:{app}_{model}_changelist")


def _status(client: Client, url: str) -> int:
    return client.get(url).status_code


@pytest.mark.parametrize(
    "url",
    [
        # One hop past the filter's field, to a secret of the same club (the report's 1a, 1c).
        "/admin/club/membership/?club__table_sessions__next_seed__startswith=a",
        "/admin/club/membership/?club__table_sessions__deals__seed__startswith=a",
        "/admin/club/membership/?club__created_by__password__startswith=a",
        "/admin/club/auditlog/?actor__password__startswith=a",
        "/admin/club/auditlog/export.csv?actor__password__startswith=a",
        "/admin/ledger/entry/export.csv?journal__club__created_by__password__startswith=a",
        "/admin/ledger/account/?club__invites__code__startswith=a",
        # Through a member of two clubs into the other club (the report's 1b).
        "/admin/club/membership/?club__memberships__user__memberships__club__invites__code__gte=a",
        "/admin/club/invite/?club__memberships__user__memberships__club__slug=elsewhere",
        # A field of the row itself that no filter offers.
        "/admin/games/deal/?seed__startswith=a",
        "/admin/games/tablesession/?next_seed__startswith=a",
        "/admin/club/invite/?code__startswith=a",
        "/admin/club/membership/?status__startswith=a",
    ],
)
def test_a_question_past_the_filters_is_a_400(books, other_club, manager, url):
    assert _status(client_for(manager), url) == 400


def test_the_answer_is_the_same_for_a_right_and_a_wrong_guess(books, other_club, manager, owner):
    """The attack itself: the other club's invite code, its first character guessed right and wrong."""
    code = other_club.invites.get().code
    base = "/admin/club/membership/?club__memberships__user__memberships__club__invites__code__startswith="
    client = client_for(manager)
    right = client.get(base + code[0])
    wrong = client.get(base + ("b" if code[0] == "a" else "a"))
    assert right.status_code == wrong.status_code == 400
    assert code not in right.content.decode()
    # The owner is refused the same way: the rule is the list's, not the user's rank.
    assert _status(client_for(owner), base + code[0]) == 400


@pytest.mark.parametrize("label", sorted(SCOPED))
def test_relations_past_each_field_filter_are_refused(books, manager, label):
    """Generic: for every relational filter of every club-scoped list, a field of the related row."""
    model_admin = SCOPED[label]
    refused = []
    for item in model_admin.list_filter:
        if isinstance(item, type):
            continue
        path = item[0] if isinstance(item, list | tuple) else item
        field = _field(model_admin.model, path)
        if not field.is_relation:
            continue
        target = next(
            f.name
            for f in field.related_model._meta.concrete_fields
            if not f.primary_key and not f.is_relation
        )
        status = _status(client_for(manager), f"{_changelist(label)}?{path}__{target}__startswith=a")
        if status != 400:
            refused.append((path, target, status))
    assert refused == []


def _field(model: type[models.Model], path: str) -> models.Field:
    field = None
    for part in path.split("__"):
        field = model._meta.get_field(part)
        if field.is_relation:
            model = field.related_model
    assert field is not None
    return field


FILTER_LINK = re.compile(r'href="(\?[^"]*)"')


@pytest.mark.parametrize("label", sorted(SCOPED))
def test_every_link_the_filters_draw_still_works(books, manager, label):
    """Each choice in the filter sidebar and the date hierarchy, followed as a manager: a list."""
    url = _changelist(label)
    client = client_for(manager)
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    links = {unescape(q) for q in FILTER_LINK.findall(html)}
    failures = [(q, s) for q in sorted(links) if (s := _status(client, url + q)) != 200]
    assert failures == []
    if SCOPED[label].list_filter or SCOPED[label].date_hierarchy:
        assert links, f"{label}: no filter link found on the page"


def test_a_filter_followed_with_its_value_narrows_the_list(books, manager, member):
    """The refusal is not a blanket one: the membership list filtered by status still answers."""
    client = client_for(manager)
    banned = client.get("/admin/club/membership/?status__exact=banned")
    assert banned.status_code == 200
    assert [row.user for row in banned.context["cl"].result_list] == [member]
    club_id = m(books, member).club_id
    by_club = client.get(f"/admin/club/membership/?club__id__exact={club_id}&status__exact=active")
    assert by_club.status_code == 200
    assert member not in [row.user for row in by_club.context["cl"].result_list]
