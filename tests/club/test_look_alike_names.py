"""Club names and display names a reader cannot tell apart, and text that turns itself around.

An outside review listed four "Demo Club"s on the home page: a Cyrillic С, a right-to-left override
(which also moved the row's "open" badge), a zero-width space and a double space. Display names took
the same characters (a name that reads as blank). Each is refused now with a sentence, through the
site's forms and however else a club is created.
"""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from club import services
from club.confusables import invisible_characters, name_skeleton
from club.errors import ServiceError
from club.models import Club, User
from tests.conftest import TEST_PASSWORD

from .conftest import client_for

pytestmark = pytest.mark.django_db

IMPOSTORS = ["Demo Сlub", "DEMO CLUB", "Dem0 C1ub", "Demo  Club", " Demo Club ", "Ｄｅｍｏ Ｃｌｕｂ"]
HIDDEN = [
    "\u202ebulC omeD",
    "Demo\u200bClub",
    "Demo\u2066Club",
    "\ufeffDemo Club",
    "Demo\u00adClub",
    "Demo\x07",
]


@pytest.fixture
def demo(make_club, owner) -> Club:
    return make_club(owner, "Demo Club", join_policy=Club.JoinPolicy.OPEN)


@pytest.mark.parametrize("name", IMPOSTORS)
def test_a_look_alike_club_name_is_refused(demo, stranger, name):
    client = client_for(stranger)
    response = client.post(reverse("club_create"), {"name": name, "join_policy": "open"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "or with a name that looks the same" in page
    assert Club.objects.count() == 1


@pytest.mark.parametrize("name", HIDDEN)
def test_a_name_with_invisible_or_turning_characters_is_refused(demo, stranger, name):
    response = client_for(stranger).post(reverse("club_create"), {"name": name, "join_policy": "open"})
    assert "invisible characters or characters that change the direction" in response.content.decode()
    assert Club.objects.count() == 1


def test_a_description_may_have_lines_but_no_override(stranger):
    with pytest.raises(ServiceError):
        services.club_create(user=stranger, name="Night Owls", description="late\u202e games")
    club = services.club_create(user=stranger, name="Night Owls", description="late\nnight\r\ngames")
    assert club.description == "late\nnight\ngames"  # stored with one kind of line break
    with pytest.raises(ServiceError):
        services.club_update(club=club, actor=stranger, description="x\u200by", join_policy="open")


def test_the_database_refuses_a_look_alike_however_it_is_created(demo, owner):
    with pytest.raises(IntegrityError), transaction.atomic():
        Club.objects.create(name="Demo Сlub", slug="demo-slub", created_by=owner)
    assert Club.objects.get().name_skeleton == name_skeleton("Demo Club")


def test_distinct_names_stay_distinct(demo, stranger):
    services.club_create(user=stranger, name="Demo Club Two")
    services.club_create(user=stranger, name="Клуб Демо")
    assert Club.objects.count() == 3


@pytest.mark.parametrize("value", ["\u202eanna\u202c", "\u200b", "Vera\u2067", "Ve\x00ra"[:2] + "\x01"])
def test_a_display_name_with_invisible_characters_is_refused(member: User, value):
    client = client_for(member)
    response = client.post(
        reverse("profile"),
        {"display_name": value, "email": "p@example.org", "preferred_language": "en", "time_zone": "UTC"},
    )
    assert response.status_code == 200
    assert "invisible characters" in response.content.decode()
    member.refresh_from_db()
    assert member.display_name == "Petar"


def test_registration_refuses_an_invisible_display_name(client):
    response = client.post(
        reverse("register"),
        {
            "username": "newcomer",
            "email": "n@example.org",
            "display_name": "\u202eanna",
            "password1": "a-long-enough-pass-2026",
            "password2": "a-long-enough-pass-2026",
        },
    )
    assert "invisible characters" in response.content.decode()
    assert not User.objects.filter(username="newcomer").exists()


def test_line_breaks_count_only_in_multiline_text():
    assert invisible_characters("a\nb") == ["\n"]
    assert invisible_characters("a\nb", multiline=True) == []
    assert invisible_characters("a\u200db", multiline=True) == ["\u200d"]


def test_someone_in_no_shared_club_may_share_a_common_name(member: User, make_user):
    stranger = make_user("ivan2", display_name="Ivan")
    assert stranger.display_skeleton == name_skeleton("Ivan")
    response = client_for(member).post(
        reverse("profile"),
        {
            "display_name": "Ivan",
            "email": "p@example.org",
            "preferred_language": "en",
            "time_zone": "UTC",
            "current_password": TEST_PASSWORD,
        },
    )
    assert response.status_code == 302


@pytest.mark.parametrize("door", ["open", "approval", "invite"])
def test_no_one_enters_a_club_under_a_name_that_reads_like_a_members(door, club, owner, make_user):
    """A name change was checked against one's clubs, but joining a club was not: an impostor
    registered as "Анна" (no club yet) and then joined the club where Anna plays."""
    from club import services
    from club.errors import ServiceError
    from club.models import Club, Membership

    anna = make_user("anna_k", display_name="Anna")
    services.membership_join(club=club, user=anna)
    impostor = make_user("ivan", display_name="Аnna")  # a Cyrillic А
    club.join_policy = {"open": Club.JoinPolicy.OPEN, "approval": Club.JoinPolicy.APPROVAL}.get(
        door, Club.JoinPolicy.INVITE
    )
    club.save()
    with pytest.raises(ServiceError) as refused:
        if door == "invite":
            invite = services.invite_create(club=club, actor=owner, max_uses=3)
            services.invite_accept(code=invite.code, user=impostor)
        else:
            services.membership_join(club=club, user=impostor)
    assert refused.value.code == "display_look_alike"
    assert not Membership.objects.filter(club=club, user=impostor).exists()
    # Under a name of his own he gets in.
    impostor.display_name = "Ivan"
    impostor.save()
    if door == "invite":
        services.invite_accept(code=invite.code, user=impostor)
    else:
        services.membership_join(club=club, user=impostor)
    assert Membership.objects.filter(club=club, user=impostor).exists()


def test_a_username_shown_as_the_name_counts_too(club, make_user):
    from club import services
    from club.errors import ServiceError

    vera = make_user("vera_k", display_name="vera")
    services.membership_join(club=club, user=vera)
    plain = make_user("vera", display_name="")  # shown by his username, "vera"
    with pytest.raises(ServiceError):
        services.membership_join(club=club, user=plain)
