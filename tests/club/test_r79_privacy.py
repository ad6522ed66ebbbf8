"""Review 79: what one person learns about another through forms and filters he may post or type."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages

from club import services
from club.models import Club, Membership
from tests.club.conftest import client_for, m

pytestmark = pytest.mark.django_db


def _said(response) -> list[str]:
    return [str(x) for x in get_messages(response.wsgi_request)]


@pytest.mark.parametrize("who", ["stranger", "member"])
def test_the_hand_over_form_posted_by_someone_who_manages_nothing_names_nobody(
    who, owner, member, stranger, club: Club
) -> None:
    """A stranger (whose club page shows no one) posted the hand-over form with the owner's row and
    read "Olga is already the club's owner."; he is told what anyone who manages nothing is told."""
    reader = {"stranger": stranger, "member": member}[who]
    url = f"/clubs/{club.slug}/members/{m(club, owner).pk}/hand-over/"
    response = client_for(reader).post(url, {"confirm": "1"})
    assert response.status_code == 302
    said = _said(response)
    assert said == ["Only the club's managers can do this."]
    assert not any("Olga" in text for text in said)
    assert m(club, owner).role == Membership.Role.OWNER


UNKNOWN = "No player has this username."


def test_the_deal_list_filter_does_not_tell_a_member_who_asked_to_join(
    owner, member, stranger, make_user, approval_club: Club
) -> None:
    """A plain member typed a username into the deal list's player box: a name nobody has read "No
    player has this username.", an applicant's an empty list, unexplained: who had asked to join
    (and whom the managers had banned before he played) showed through. Now both read alike; the
    managers, whose club page lists both, still have them found."""
    club = approval_club
    services.membership_join(club=club, user=member)
    services.membership_approve(membership=m(club, member), actor=owner)
    services.membership_join(club=club, user=stranger)  # asks to join; waits
    banned = make_user("boris")
    services.membership_join(club=club, user=banned)
    services.membership_approve(membership=m(club, banned), actor=owner)
    services.membership_ban(membership=m(club, banned), actor=owner, reason="rude")
    assert m(club, stranger).status == Membership.Status.PENDING

    def reads(reader, name: str) -> bool:
        response = client_for(reader).get(f"/clubs/{club.slug}/deals/", {"player": name})
        assert response.status_code == 200
        return UNKNOWN in response.content.decode()

    assert reads(member, "nobody-has-this")
    assert reads(member, "sasha")
    assert reads(member, "@sasha")
    assert reads(member, "boris")
    assert not reads(member, "olga")  # a member: an empty list of deals, as before
    assert not reads(owner, "sasha")
    assert not reads(owner, "boris")


def test_the_admin_books_of_another_club_read_as_a_number_nobody_has(
    owner, member, stranger, make_club, club: Club
) -> None:
    """A manager typed another club's account into the admin's statement address (or its id into
    the trial balance's): a 403 where a number nobody has read 404, so the numbers told him which
    accounts and clubs exist. Now both are the same 404."""
    from django.urls import reverse

    from ledger.models import Account
    from ledger.services import chips_grant

    other = make_club(stranger, "Far Away", join_policy=Club.JoinPolicy.INVITE)
    chips_grant(membership=m(club, member), amount=10, actor=owner, reason="mine")
    services.membership_join(club=club, user=stranger)  # a member of both, as a manager finds him
    # ``member_user`` given: PostgreSQL's trigger fills it in, SQLite has none and its check refused
    # the row (the test failed on the embedded database).
    theirs = Account.objects.filter(club=other).order_by("pk").first() or Account.objects.create(
        club=other, member=m(other, stranger), member_user=stranger, kind=Account.Kind.WALLET
    )
    nobody = Account.objects.order_by("-pk").first().pk + 1000
    client = client_for(owner)
    pairs = [
        ("admin:ledger_account_statement", theirs.pk, nobody),
        ("admin:ledger_trial_balance", other.pk, other.pk + 1000),
    ]
    for name, foreign, missing in pairs:
        far = client.get(reverse(name, args=[foreign]))
        none = client.get(reverse(name, args=[missing]))
        assert (far.status_code, none.status_code) == (404, 404), name
        assert far.content == none.content
        assert "Far Away" not in far.content.decode()


@pytest.mark.parametrize(
    "action", ["approve", "refuse", "role", "ban", "suspend", "unsuspend", "unban", "hand-over"]
)
def test_a_strangers_member_forms_read_alike_for_every_number(
    action, owner, member, stranger, make_user, make_club, approval_club: Club, club: Club
) -> None:
    """A stranger posted a manager's form on a club's member, number after number: "Only the club's
    managers can do this." for a membership of the club and a 404 for any other number told him who
    had ever joined or asked to (the club's own page shows him no one). Every number now reads alike."""
    services.membership_join(club=approval_club, user=member)  # asks to join: a number of the club
    elsewhere = make_club(make_user("zoya"), "Elsewhere")
    numbers = {
        "applicant": m(approval_club, member).pk,
        "owner": m(approval_club, owner).pk,
        "of another club": m(elsewhere, elsewhere.created_by).pk,
        "nobody's": Membership.objects.order_by("-pk").first().pk + 100,
    }
    answers = {}
    for what, number in numbers.items():
        url = f"/clubs/{approval_club.slug}/members/{number}/{action}/"
        response = client_for(stranger).post(url, {"confirm": "1", "role": "manager", "reason": "x"})
        answers[what] = (response.status_code, response.get("Location"), _said(response))
    assert answers["applicant"] == (
        302,
        f"{approval_club.get_absolute_url()}#people",
        ["Only the club's managers can do this."],
    )
    assert all(answer == answers["applicant"] for answer in answers.values()), answers
    assert m(approval_club, member).status == Membership.Status.PENDING
