"""Fixtures for the club pages and services: an owner, a manager and a member in clubs of each policy."""

from __future__ import annotations

import pytest
from django.test import Client

from club import services
from club.models import Club, Membership, User


@pytest.fixture(autouse=True)
def _plain_cache(settings) -> None:
    # django-axes counts failures in the database; nothing here should depend on a shared cache.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


@pytest.fixture
def owner(make_user) -> User:
    return make_user("olga", display_name="Olga")


@pytest.fixture
def manager(make_user) -> User:
    return make_user("misha", display_name="Misha")


@pytest.fixture
def member(make_user) -> User:
    return make_user("petar", display_name="Petar")


@pytest.fixture
def stranger(make_user) -> User:
    return make_user("sasha")


@pytest.fixture
def club(make_club, owner, manager, member) -> Club:
    """An open club with an owner, a manager and a member."""
    club = make_club(owner, "Open Table", join_policy=Club.JoinPolicy.OPEN)
    services.membership_join(club=club, user=manager)
    services.membership_set_role(membership=m(club, manager), actor=owner, role=Membership.Role.MANAGER)
    services.membership_join(club=club, user=member)
    return club


@pytest.fixture
def approval_club(make_club, owner) -> Club:
    return make_club(owner, "By Request", join_policy=Club.JoinPolicy.APPROVAL)


@pytest.fixture
def invite_club(make_club, owner) -> Club:
    return make_club(owner, "Secret Room", join_policy=Club.JoinPolicy.INVITE)


def m(club: Club, user: User) -> Membership:
    """The (fresh) membership of a user in a club."""
    return Membership.objects.get(club=club, user=user)


def client_for(user: User | None) -> Client:
    client = Client()
    if user is not None:
        # force_login: Client.login() calls authenticate() without a request, which django-axes refuses.
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.fixture
def root(make_user) -> User:
    """A superuser with staff status (the admin's everything)."""
    return make_user("root", is_staff=True, is_superuser=True)


def logged_in(user: User, **options: bool) -> Client:
    """A test client logged in as ``user`` (``raise_request_exception=False`` to see a 500 as a page)."""
    client = Client(**options)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client
