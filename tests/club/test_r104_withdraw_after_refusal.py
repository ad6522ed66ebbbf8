"""Review 104: a person whose request to join a club was refused by a manager while his page still
showed "Withdraw the request" pressed it, and read in red "You are not a member of this club.",
which he knew: nothing said his request had been refused (the page then offered "Ask to join", as
if he had never asked). Accepted meanwhile was already said (review 21); refused meanwhile is said
too (in red, as review 63 has it: not his doing), and nothing is written."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import translation

from club import services
from club.models import AuditLog, Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

REFUSED = "A manager has refused your request to join in the meantime: it is no longer waiting."


def _said(response) -> list[tuple[str, str]]:
    return [(x.level_tag, str(x)) for x in get_messages(response.wsgi_request)]


def _withdraw(client, club):
    return client.post(reverse("club_leave", args=[club.slug]), {"confirm": "1", "withdraw": "1"})


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_withdrawing_a_request_refused_meanwhile_says_it_was_refused(
    approval_club, owner, stranger, language
):
    services.membership_join(club=approval_club, user=stranger)
    services.membership_refuse(membership=m(approval_club, stranger), actor=owner)
    client = client_for(stranger)
    client.cookies.load({"django_language": language})
    said = _said(_withdraw(client, approval_club))
    with translation.override(language):
        words = translation.gettext(REFUSED)
    assert (words != REFUSED) == (language != "en")
    assert said == [("error", words)], said
    assert m(approval_club, stranger).status == Membership.Status.LEFT
    assert not AuditLog.objects.filter(
        club=approval_club, target_user=stranger, action="membership.left"
    ).exists()


def test_a_withdrawal_of_ones_own_is_still_said_done(approval_club, stranger):
    services.membership_join(club=approval_club, user=stranger)
    client = client_for(stranger)
    assert _said(_withdraw(client, approval_club))[-1][0] == "success"
    assert _said(_withdraw(client, approval_club))[-1] == (
        "info",
        "Your request to join has already been withdrawn.",
    )
