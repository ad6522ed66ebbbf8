"""`make demo` seeds the demo club on every start. A manager trying the demo bans a member (or the
member leaves), stops the server and starts it again: the seed raised "You are banned from this
club." with a traceback and the demo did not start. A ban is the managers' decision and stays; the
seed says whom it left out and grants nothing twice."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command

from club import services
from club.models import Club, Membership, User
from ledger.models import Account, Journal

pytestmark = pytest.mark.django_db


def _seed() -> str:
    out = StringIO()
    call_command("seed_demo", "--allow-without-debug", stdout=out)
    return out.getvalue()


def _wallets() -> dict[str, int]:
    return {
        a.member.user.username: a.balance
        for a in Account.objects.filter(kind="wallet").select_related("member__user")
    }


@pytest.mark.parametrize("name", ["vera", "boris"])
def test_a_second_seed_after_a_ban_starts_and_keeps_the_ban(name: str) -> None:
    _seed()
    club = Club.objects.get(name="Demo Club")
    vera = Membership.objects.get(club=club, user__username=name)
    services.membership_ban(membership=vera, actor=User.objects.get(username="anna"), reason="Cheating")
    wallets, journals = _wallets(), Journal.objects.count()

    out = _seed()  # used to raise NotAllowed

    vera.refresh_from_db()
    assert vera.status == Membership.Status.BANNED
    assert re.search(rf"^  {name} .* banned$", out, flags=re.MULTILINE), out
    assert _wallets() == wallets and Journal.objects.count() == journals
    for other in {"anna", "vera", "gleb", "dasha", "boris"} - {name}:
        assert Membership.objects.get(club=club, user__username=other).status == Membership.Status.ACTIVE


def test_a_second_seed_grants_nothing_twice_and_brings_back_a_member_who_left() -> None:
    _seed()
    club = Club.objects.get(name="Demo Club")
    gleb = Membership.objects.get(club=club, user__username="gleb")
    services.membership_leave(club=club, user=gleb.user)
    wallets, journals = _wallets(), Journal.objects.count()

    _seed()

    gleb.refresh_from_db()
    assert gleb.status == Membership.Status.ACTIVE
    assert _wallets() == wallets and Journal.objects.count() == journals


def test_a_second_seed_after_a_member_left_a_club_made_invite_only_starts() -> None:
    _seed()
    club = Club.objects.get(name="Demo Club")
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.INVITE)
    services.membership_leave(club=club, user=User.objects.get(username="dasha"))
    wallets = _wallets()

    out = _seed()  # used to raise NotAllowed ("This club is invite only")

    assert Membership.objects.get(club=club, user__username="dasha").status == Membership.Status.LEFT
    assert re.search(r"^  dasha .* not a member: This club is invite only", out, flags=re.MULTILINE), out
    assert _wallets() == wallets


def test_a_renamed_demo_club_is_seeded_again_not_doubled() -> None:
    _seed()
    club = Club.objects.get(name="Demo Club")
    assert club.slug == "demo-club"
    services.club_update(
        club=club,
        actor=User.objects.get(username="anna"),
        description=club.description,
        join_policy=club.join_policy,
        name="Anna's Khrap Nights",
    )
    wallets, journals = _wallets(), Journal.objects.count()
    _seed()
    assert list(Club.objects.values_list("name", flat=True)) == ["Anna's Khrap Nights"]
    assert _wallets() == wallets and Journal.objects.count() == journals
