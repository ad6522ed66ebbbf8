"""Review 161: in the admin's membership list, approving a selection that mixed requests still waiting
with members told every member "already a member: the request was answered before", members who
came in by themselves (an open club then, an invite) included: requests nobody had ever made. Each
row's message now says what happened to it: a request answered before is said so, a member who never
asked is said to have no request waiting, and nothing is done to either."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from club import services
from club.models import Club, Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

LIST = "admin:club_membership_changelist"


@pytest.fixture(autouse=True)
def _no_zone_left():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _approve(client, rows: list[Membership]) -> list[str]:
    data = {"action": ["approve_selected"], "_selected_action": [str(row.pk) for row in rows]}
    answer = client.post(reverse(LIST), data, HTTP_ACCEPT_LANGUAGE="en")
    return [str(x) for x in get_messages(answer.wsgi_request)]


def _said_of(texts: list[str], person) -> str:
    said = [text for text in texts if text.startswith(person.name_and_username)]
    assert len(said) == 1, texts
    return said[0]


@pytest.mark.parametrize("who", ["admin", "service"])
def test_each_row_says_what_happened_to_it(approval_club, owner, make_user, who) -> None:
    answered, waiting, came_in = make_user("answered"), make_user("waiting"), make_user("came_in")
    # He joined while the club was open to all: he never asked.
    Club.objects.filter(pk=approval_club.pk).update(join_policy=Club.JoinPolicy.OPEN)
    services.membership_join(club=Club.objects.get(pk=approval_club.pk), user=came_in)
    Club.objects.filter(pk=approval_club.pk).update(join_policy=Club.JoinPolicy.APPROVAL)
    approval_club.refresh_from_db()
    for person in (answered, waiting):
        services.membership_join(club=approval_club, user=person)
    services.membership_approve(membership=m(approval_club, answered), actor=owner)
    if who == "service":
        # The club page's double click reaches the same service.
        with pytest.raises(services.ServiceError) as founder:
            services.membership_approve(membership=m(approval_club, came_in), actor=owner)
        assert "answered before" not in founder.value.message
        assert "no request" in founder.value.message
        return
    texts = _approve(
        client_for(owner), [m(approval_club, came_in), m(approval_club, answered), m(approval_club, waiting)]
    )
    assert m(approval_club, waiting).status == Membership.Status.ACTIVE
    assert "the request was answered before" in _said_of(texts, answered)
    assert m(approval_club, came_in).status == Membership.Status.ACTIVE
    founder = _said_of(texts, came_in)
    assert "answered before" not in founder, founder
    assert "no request" in founder, founder
