"""Review 101: the grant form sent again as it was (the site asks for exactly that when the database
did not confirm a grant: "Send the form again as it is to make sure: chips already booked are not
booked twice") after the owner had lowered the club's largest single grant was refused: "A single
grant in this club can be at most 2000 chips." The 3000 chips were booked already; the manager read
that they were not, and could grant them again. The same form is answered by what it did (review 18
made it so for the four-eyes threshold; the club's limit was still asked first)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club.models import Club, Membership
from ledger.models import Journal
from ledger.selectors import wallet_balance

pytestmark = pytest.mark.django_db


def _send(client: Client, club: Club, member: Membership, amount: str = "3000"):
    form = {"member": str(member.pk), "kind": "grant", "amount": amount, "reason": "r", "token": "e" * 32}
    return client.post(f"/clubs/{club.slug}/chips/grant/", form)


def test_a_booked_grant_sent_again_after_the_limit_fell_is_said_booked(club: Club, owner, member_factory):
    member = member_factory()
    member.user.display_name = "Vera"
    member.user.save(update_fields=["display_name"])
    client = Client()
    client.force_login(owner)
    client.get(_send(client, club, member)["Location"])
    assert wallet_balance(membership=member) == 3000
    club.grant_limit = 2000
    club.save(update_fields=["grant_limit"])
    response = _send(client, club, member)
    said = [str(m) for m in get_messages(response.wsgi_request)]
    client.get(response["Location"])  # read
    assert said == ["These 3000 chips were already granted to Vera; nothing was booked twice."], said
    assert wallet_balance(membership=member) == 3000
    assert Journal.objects.filter(kind=Journal.Kind.GRANT).count() == 1
    # Another amount on the same form is still refused, and books nothing.
    response = _send(client, club, member, "1000")
    # Said once, atop the form kept on the page (review 129: a flash message said it again).
    assert [str(m) for m in get_messages(response.wsgi_request)] == []
    assert response.content.decode().count("already used") == 1
    assert wallet_balance(membership=member) == 3000
