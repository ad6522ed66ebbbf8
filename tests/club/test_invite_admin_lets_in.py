"""The admin's invite list showed a link whose maker no longer manages the club (review 78: it lets
nobody in) like any link not withdrawn. A column says whether each link lets people in."""

from __future__ import annotations

import re

import pytest

from club import services
from club.models import Club, Invite, Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def _row_icon(html: str, invite: Invite) -> str:
    row = next(r for r in re.findall(r"<tr.*?</tr>", html, re.S) if f"/{invite.pk}/change/" in r)
    cell = re.search(r'<td class="field-lets_people_in">(.*?)</td>', row, re.S)
    assert cell is not None, row
    return re.search(r'src="[^"]*icon-(yes|no)\.svg"', cell.group(1)).group(1)


def test_the_list_says_which_links_let_people_in(make_club, owner, manager):
    club = make_club(owner, "Back Room", join_policy=Club.JoinPolicy.INVITE)
    services.invite_accept(code=services.invite_create(club=club, actor=owner).code, user=manager)
    services.membership_set_role(membership=m(club, manager), actor=owner, role=Membership.Role.MANAGER)
    his = services.invite_create(club=club, actor=manager)
    mine = services.invite_create(club=club, actor=owner)
    services.membership_set_role(membership=m(club, manager), actor=owner, role=Membership.Role.MEMBER)
    html = client_for(owner).get("/admin/club/invite/").content.decode()
    assert _row_icon(html, mine) == "yes"
    assert _row_icon(html, his) == "no"


@pytest.mark.parametrize(
    ("language", "yes", "no"), [("en", "Yes", "No"), ("ru", "Да", "Нет"), ("bg", "Да", "Не")]
)
def test_the_icons_are_read_in_the_managers_language(make_club, owner, manager, language, yes, no):
    """Django wrote the value as the icon's text: a screen reader read "True"/"False" to everyone."""
    club = make_club(owner, "Back Room", join_policy=Club.JoinPolicy.INVITE)
    services.invite_accept(code=services.invite_create(club=club, actor=owner).code, user=manager)
    services.membership_set_role(membership=m(club, manager), actor=owner, role=Membership.Role.MANAGER)
    his = services.invite_create(club=club, actor=manager)
    mine = services.invite_create(club=club, actor=owner)
    services.membership_set_role(membership=m(club, manager), actor=owner, role=Membership.Role.MEMBER)
    owner.preferred_language = language
    owner.save(update_fields=["preferred_language"])
    html = client_for(owner).get("/admin/club/invite/").content.decode()
    for invite, word in ((mine, yes), (his, no)):
        row = next(r for r in re.findall(r"<tr.*?</tr>", html, re.S) if f"/{invite.pk}/change/" in r)
        assert re.search(rf'<img src="[^"]*icon-(yes|no)\.svg" alt="{word}">', row), row
    assert 'alt="True"' not in html and 'alt="False"' not in html
