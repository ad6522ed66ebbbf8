"""Review 103: the admin's journals (list and page) named who booked each one by display name alone.
Display names are unique within a club only: a manager of two clubs (and the site's operator) read
"Olga" beside the grants of two different people, the one of each club, where the rest of the admin
names people "Olga (@olga)". Found as a manager of two clubs reading their journals."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club import services
from club.models import Club, Membership
from ledger.models import Journal
from ledger.services.operations import chips_grant
from tests.club.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_olgas(make_user, make_club):
    """A manager of two clubs, each with its own Olga granting chips."""
    reader = make_user("misha", display_name="Misha")
    olga = make_user("olga", display_name="Olga")
    other_olga = make_user("olga_b", display_name="Olga")
    petar = make_user("petar", display_name="Petar")
    first = make_club(olga, "First Room", join_policy=Club.JoinPolicy.OPEN)
    second = make_club(other_olga, "Second Room", join_policy=Club.JoinPolicy.OPEN)
    for club, owner in ((first, olga), (second, other_olga)):
        services.membership_join(club=club, user=reader)
        reader_row = Membership.objects.get(club=club, user=reader)
        services.membership_set_role(membership=reader_row, actor=owner, role=Membership.Role.MANAGER)
        services.membership_join(club=club, user=petar)
        chips_grant(
            membership=Membership.objects.get(club=club, user=petar), amount=10, actor=owner, reason="hello"
        )
    return reader


def test_the_journal_list_names_each_olga_with_her_username(two_olgas) -> None:
    page = client_for(two_olgas).get(reverse("admin:ledger_journal_changelist"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Olga (@olga)" in html and "Olga (@olga_b)" in html


def test_a_journals_page_names_who_booked_it_with_the_username(two_olgas) -> None:
    journal = Journal.objects.get(actor__username="olga_b")
    page = client_for(two_olgas).get(reverse("admin:ledger_journal_change", args=[journal.pk]))
    assert page.status_code == 200
    assert "Olga (@olga_b)" in page.content.decode()
