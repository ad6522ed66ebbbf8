"""Review 94: `make demo` seeds the demo club on every start and prints the logins with their roles.
The roles were the seed's own list, not the club's: after the owner handed the club over to boris
(or made vera a manager) a second start printed "anna … owner", "boris … manager" and "vera …
member", and a demo user who had changed his name or password was printed with the seed's. The
lines are read from the database after seeding: what the seed made, and what was done since."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command

from club import services
from club.models import Club, Membership, User

pytestmark = pytest.mark.django_db


def _seed() -> str:
    out = StringIO()
    call_command("seed_demo", "--allow-without-debug", stdout=out)
    return out.getvalue()


def _line(out: str, username: str) -> str:
    found = re.search(rf"^  {username} .*$", out, flags=re.MULTILINE)
    assert found, out
    return found.group(0)


def test_a_first_seed_prints_the_roles_it_made() -> None:
    out = _seed()
    assert _line(out, "anna").endswith(" owner")
    assert _line(out, "boris").endswith(" manager")
    for name in ("vera", "gleb", "dasha"):
        assert _line(out, name).endswith(" member")


def test_a_second_seed_prints_the_roles_as_they_are_now() -> None:
    _seed()
    club = Club.objects.get(slug="demo-club")
    anna = User.objects.get(username="anna")
    vera = Membership.objects.get(club=club, user__username="vera")
    services.membership_set_role(membership=vera, actor=anna, role=Membership.Role.MANAGER)
    boris = Membership.objects.get(club=club, user__username="boris")
    services.club_hand_over(membership=boris, actor=anna)
    gleb = User.objects.get(username="gleb")
    gleb.display_name = "Gleb the Bold"
    gleb.set_password("his-own-secret-2026")
    gleb.save()

    out = _seed()  # the second start

    roles = dict(Membership.objects.filter(club=club).values_list("user__username", "role"))
    assert roles["boris"] == "owner" and roles["anna"] == "manager" and roles["vera"] == "manager"
    assert _line(out, "anna").endswith(" manager")
    assert _line(out, "boris").endswith(" owner")
    assert _line(out, "vera").endswith(" manager")
    assert "Gleb the Bold" in _line(out, "gleb") and "own password" in _line(out, "gleb")
    assert "own password" not in _line(out, "dasha")
