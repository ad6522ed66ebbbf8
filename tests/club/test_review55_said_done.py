"""Review 55: a manager's button on the club page sent again (a browser's retry, the page in a second
tab, the back button) after the first copy had done it was answered in red as a failure: "Ann is
already a member", "... is already banned", "... is not banned (any more)", "... already has that
role", "This invite has already been withdrawn". What he asked for is so: it is said as news (info).
A suspension sent twice was written twice (two audit rows, the member's sockets closed twice): the
same suspension again changes nothing and is said so; another end still changes it, as before."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from club import services
from club.models import AuditLog

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def _said(response) -> list[tuple[str, str]]:
    return [(x.level_tag, str(x)) for x in get_messages(response.wsgi_request)]


@pytest.mark.parametrize("htmx", [False, True])
def test_every_button_sent_again_is_said_done(approval_club, owner, stranger, make_user, htmx):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    client = client_for(owner)
    services.membership_join(club=approval_club, user=stranger)
    slug = approval_club.slug

    def again(name: str, target, data=None) -> tuple[str, str]:
        url = reverse(name, args=[slug, target.pk])
        client.post(url, data or {}, **headers)
        said = _said(client.post(url, data or {}, **headers))
        assert not [text for tag, text in said if tag == "error"], said
        return said[-1]

    assert again("membership_approve", m(approval_club, stranger))[0] == "info"
    assert again("membership_role", m(approval_club, stranger), {"role": "manager"})[0] == "info"
    until = (timezone.localtime() + timedelta(days=3)).strftime("%Y-%m-%dT%H:%M")
    suspension = {"reason": "rude", "until": until}
    assert again("membership_suspend", m(approval_club, stranger), suspension)[0] == "info"
    assert AuditLog.objects.filter(action="membership.suspended").count() == 1
    assert again("membership_unsuspend", m(approval_club, stranger))[0] == "info"
    assert again("membership_ban", m(approval_club, stranger), {"reason": "x"})[0] == "info"
    assert again("membership_unban", m(approval_club, stranger))[0] == "info"
    invite = services.invite_create(club=approval_club, actor=owner)
    url = reverse("invite_revoke", args=[slug, invite.pk])
    client.post(url)
    said = _said(client.post(url))
    assert said[-1] == ("info", "This invite has already been withdrawn."), said


def test_a_suspension_to_another_end_still_changes_it(club, owner, member):
    until = timezone.now() + timedelta(days=1)
    services.membership_suspend(membership=m(club, member), actor=owner, reason="rude", until=until)
    longer = until + timedelta(days=6)
    services.membership_suspend(membership=m(club, member), actor=owner, reason="rude", until=longer)
    assert m(club, member).suspended_until == longer
    assert AuditLog.objects.filter(action="membership.suspended").count() == 2


def test_refusing_a_withdrawn_request_is_still_red(approval_club, owner, stranger):
    # "no longer waiting": withdrawn by the person, not refused by him. His own refusal sent twice
    # is told apart by the club's log since review 63 (tests/club/test_r63_refuse_twice.py).
    services.membership_join(club=approval_club, user=stranger)
    client = client_for(owner)
    url = reverse("membership_refuse", args=[approval_club.slug, m(approval_club, stranger).pk])
    services.membership_leave(club=approval_club, user=stranger, request_only=True)
    said = _said(client.post(url))
    assert said[-1][0] == "error", said


def test_the_same_suspension_again_in_russian(club, owner, member):
    from django.utils import translation

    from club.errors import ServiceError

    until = timezone.now() + timedelta(days=2)
    services.membership_suspend(membership=m(club, member), actor=owner, reason="rude", until=until)
    with translation.override("ru"), pytest.raises(ServiceError) as again:
        services.membership_suspend(membership=m(club, member), actor=owner, reason="rude", until=until)
    assert again.value.code == "stale" and again.value.done
    assert "уже отстранён(а) от столов до" in again.value.message
