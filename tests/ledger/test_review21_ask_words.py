"""Review 21: asking the managers for chips with a note pasted with an invisible character (a
zero-width space, a direction mark from a messenger) was refused with "Ask for a whole number of
chips." beside the whole number the member had typed, and a manager's refusal of such a note with
"The answer is not valid.": neither said what was wrong. Each field's own reason is told."""

from __future__ import annotations

from django.contrib.messages import get_messages
from django.urls import reverse

from club import services as club_services
from club.models import Membership
from ledger.models import ChipRequest
from ledger.services import chips_request
from tests.club.conftest import client_for


def _told(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_the_member_is_told_what_is_wrong_with_his_request(make_user, make_club):
    owner = make_user("olga")
    club = make_club(owner, "Ask words")
    petar = make_user("petar")
    club_services.membership_join(club=club, user=petar)
    client = client_for(petar)
    url = reverse("ledger_ask", args=[club.slug])

    told = _told(client.post(url, {"amount": "50", "note": "for\u200btonight"}, HTTP_ACCEPT_LANGUAGE="en"))
    assert told and "invisible characters" in told[0]
    assert "whole number" not in told[0]
    assert not ChipRequest.objects.exists()

    client = client_for(petar)  # a new page: the message above was read
    told = _told(client.post(url, {"amount": "fifty"}, HTTP_ACCEPT_LANGUAGE="en"))
    assert told and "Chips:" in told[0] and "whole number" in told[0]

    client.post(url, {"amount": "50", "note": "tonight"}, HTTP_ACCEPT_LANGUAGE="en")
    assert ChipRequest.objects.count() == 1


def test_the_manager_is_told_what_is_wrong_with_his_answer(make_user, make_club):
    owner = make_user("olga")
    club = make_club(owner, "Ask words")
    petar = make_user("petar")
    club_services.membership_join(club=club, user=petar)
    asked = chips_request(member=Membership.objects.get(club=club, user=petar), amount=50)
    url = reverse("ledger_request_answer", args=[club.slug, asked.pk, "refuse"])
    told = _told(client_for(owner).post(url, {"answer": "no\u202eway"}, HTTP_ACCEPT_LANGUAGE="en"))
    assert told and "invisible characters" in told[0]
    asked.refresh_from_db()
    assert asked.status == ChipRequest.Status.OPEN
