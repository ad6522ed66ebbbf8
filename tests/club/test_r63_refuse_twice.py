"""Review 63: a manager's Refuse sent again (a double click, a retry, a second tab) after the first
copy had refused the request was answered in red "The request of Gleb is no longer waiting for
approval.", as if something had gone wrong or the person had withdrawn. What he asked for is so: it
is said as news and names what happened; a second manager who finds it refused is told it was
refused (in red: it was not his answer); a request the person withdrew still says "no longer
waiting"."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from club import services
from club.models import AuditLog

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def _said(response) -> list[tuple[str, str]]:
    return [(x.level_tag, str(x)) for x in get_messages(response.wsgi_request)]


def _refuse(client, club, target):
    return _said(client.post(reverse("membership_refuse", args=[club.slug, target.pk])))


def test_refuse_twice_is_news(approval_club, owner, stranger):
    services.membership_join(club=approval_club, user=stranger)
    target = m(approval_club, stranger)
    client = client_for(owner)
    assert _refuse(client, approval_club, target)[-1][0] == "success"
    again = _refuse(client, approval_club, target)
    name = stranger.shown_name
    assert again[-1] == ("info", f"The request of {name} has already been refused."), again
    assert not [text for tag, text in again if tag == "error"], again
    assert AuditLog.objects.filter(action="membership.refused").count() == 1


def test_refused_by_another_manager(approval_club, owner, make_user, stranger):
    other = make_user("second")
    services.membership_join(club=approval_club, user=other)
    services.membership_approve(membership=m(approval_club, other), actor=owner)
    services.membership_set_role(membership=m(approval_club, other), actor=owner, role="manager")
    services.membership_join(club=approval_club, user=stranger)
    target = m(approval_club, stranger)
    _refuse(client_for(owner), approval_club, target)
    said = _refuse(client_for(other), approval_club, target)
    assert said[-1] == ("error", f"The request of {stranger.shown_name} has already been refused."), said


def test_approved_after_another_managers_refusal(approval_club, owner, make_user, stranger):
    other = make_user("second")
    services.membership_join(club=approval_club, user=other)
    services.membership_approve(membership=m(approval_club, other), actor=owner)
    services.membership_set_role(membership=m(approval_club, other), actor=owner, role="manager")
    services.membership_join(club=approval_club, user=stranger)
    target = m(approval_club, stranger)
    _refuse(client_for(owner), approval_club, target)
    said = _said(client_for(other).post(reverse("membership_approve", args=[approval_club.slug, target.pk])))
    assert said[-1] == ("error", f"The request of {stranger.shown_name} has already been refused."), said
    assert m(approval_club, stranger).status == "left"


def test_withdrawn_still_says_no_longer_waiting(approval_club, owner, stranger):
    services.membership_join(club=approval_club, user=stranger)
    target = m(approval_club, stranger)
    services.membership_leave(club=approval_club, user=stranger, request_only=True)
    said = _refuse(client_for(owner), approval_club, target)
    assert said[-1] == (
        "error",
        f"The request of {stranger.shown_name} is no longer waiting for approval.",
    ), said


def test_refuse_twice_in_bulgarian(approval_club, owner, stranger):
    services.membership_join(club=approval_club, user=stranger)
    target = m(approval_club, stranger)
    client = client_for(owner)
    client.cookies["django_language"] = "bg"
    _refuse(client, approval_club, target)
    again = _refuse(client, approval_club, target)
    assert again[-1] == ("info", f"Заявката на {stranger.shown_name} вече е отказана."), again
