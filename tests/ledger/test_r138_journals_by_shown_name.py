"""The journals' search finds a member by the name every page shows him by (his display name), as the
entries' search does: it looked in usernames alone, so a manager who typed "Вера" (the name the lists
and the statement show, "Вера (@vera)") was told no journal moved her chips, while the entries' list
found hers. Her journals only, each once, in the manager's own clubs."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from club import services
from club.models import Membership
from ledger.services import chips_grant

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _zone():
    timezone.deactivate()


def _listed(html: str) -> list[str]:
    if 'id="result_list"' not in html:
        return []  # "0 journals": no table at all
    table = html.split('id="result_list"', 1)[1].split("</table>", 1)[0]
    return re.findall(r'<th class="field-id"><a href="[^"]*/(\d+)/change/', table)


@pytest.mark.parametrize("term", ["Вера", "вера", "ВЕР"])
def test_a_members_journals_are_found_by_his_display_name(make_user, make_club, client, term):
    owner = make_user("olga", display_name="Olga")
    other = make_user("boris", display_name="Boris")
    alpha = make_club(owner, "Alpha")
    beta = make_club(other, "Beta")
    vera = make_user("vera", display_name="Вера")
    gleb = make_user("gleb", display_name="Gleb")
    mine = []
    for club, manager in ((alpha, owner), (beta, other)):
        for user in (vera, gleb):
            services.membership_join(club=club, user=user)
        journal = chips_grant(
            membership=Membership.objects.get(club=club, user=vera), amount=7, actor=manager, reason="start"
        )
        if club == alpha:
            mine.append(journal)
        gleb_there = Membership.objects.get(club=club, user=gleb)
        chips_grant(membership=gleb_there, amount=9, actor=manager, reason="x")
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    response = client.get("/admin/ledger/journal/", {"q": term})
    assert response.status_code == 200
    assert _listed(response.content.decode()) == [str(j.pk) for j in mine]
