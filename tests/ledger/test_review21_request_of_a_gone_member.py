"""Review 21: a member who asked for chips and then left the club (or was banned) stayed on the
managers' list of members asking for chips, where "Grant" answered "Only active members can hold
chips." whatever they did. The list shows members' requests only; his comes back, and can be granted,
when he does. (Since review 112 a member who leaves by himself withdraws his request: this is the
banned member's case, tests/ledger/test_r112_request_withdrawn_on_leaving.py the leaver's.)"""

from __future__ import annotations

from django.contrib.messages import get_messages
from django.urls import reverse

from club import services as club_services
from club.models import Membership
from ledger.selectors import wallet_balance
from ledger.services import chips_request
from tests.club.conftest import client_for


def test_a_request_waits_while_its_member_is_gone(make_user, make_club):
    owner = make_user("olga")
    club = make_club(owner, "Gone")
    petar = make_user("petar", display_name="Petar")
    club_services.membership_join(club=club, user=petar)
    asked = chips_request(member=Membership.objects.get(club=club, user=petar), amount=50, note="please")
    manager = client_for(owner)
    assert "“please”" in manager.get(reverse("club_detail", args=[club.slug])).content.decode()

    club_services.membership_ban(membership=Membership.objects.get(club=club, user=petar), actor=owner)
    page = manager.get(reverse("club_detail", args=[club.slug])).content.decode()
    assert "“please”" not in page
    assert reverse("ledger_request_answer", args=[club.slug, asked.pk, "grant"]) not in page

    club_services.membership_unban(membership=Membership.objects.get(club=club, user=petar), actor=owner)
    club_services.membership_join(club=club, user=petar)
    page = manager.get(reverse("club_detail", args=[club.slug])).content.decode()
    assert "“please”" in page
    response = manager.post(
        reverse("ledger_request_answer", args=[club.slug, asked.pk, "grant"]), {"amount": "50", "answer": ""}
    )
    assert [str(m) for m in get_messages(response.wsgi_request)] == ["Answered."]
    assert wallet_balance(membership=Membership.objects.get(club=club, user=petar)) == 50
