"""A manager's club page shown before a second manager lifted a ban and banned the member again (on
new terms, for a new reason) lifted that new ban with its "Lift the ban": a ban he had never seen
(review 103's left-out). The form says which ban it showed; another is refused, showing it, and
nothing changes. The same for a suspension. The ban shown is still lifted as before."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from club import services
from club.models import AuditLog, Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def _seen(page: str, action: str, pk: int) -> str:
    form = re.search(rf'action="[^"]*/members/{pk}/{action}/".*?</form>', page, re.S)
    assert form is not None, action
    found = re.search(r'name="seen" value="([^"]*)"', form.group(0))
    assert found is not None
    return found.group(1)


def test_a_ban_placed_since_the_page_was_shown_is_not_lifted(club, owner, manager, member):
    services.membership_ban(membership=m(club, member), actor=owner, reason="first")
    seen = _seen(client_for(owner).get(club.get_absolute_url()).content.decode(), "unban", m(club, member).pk)
    services.membership_unban(membership=m(club, member), actor=manager)
    services.membership_join(club=club, user=member)
    services.membership_ban(membership=m(club, member), actor=manager, reason="second, for cheating")
    response = client_for(owner).post(
        reverse("membership_unban", args=[club.slug, m(club, member).pk]), {"seen": seen}
    )
    said = [str(x) for x in get_messages(response.wsgi_request)]
    assert any("was banned again after your page was shown" in x for x in said), said
    now = Membership.objects.get(pk=m(club, member).pk)
    assert now.status == Membership.Status.BANNED and now.ban_reason == "second, for cheating"
    assert AuditLog.objects.filter(action="membership.unbanned", target_user=member).count() == 1


def test_the_ban_shown_is_lifted(club, owner, member):
    services.membership_ban(membership=m(club, member), actor=owner, reason="first")
    client = client_for(owner)
    seen = _seen(client.get(club.get_absolute_url()).content.decode(), "unban", m(club, member).pk)
    client.post(reverse("membership_unban", args=[club.slug, m(club, member).pk]), {"seen": seen})
    assert Membership.objects.get(pk=m(club, member).pk).status == Membership.Status.LEFT


def test_a_suspension_placed_since_the_page_was_shown_is_not_lifted(club, owner, manager, member):
    until = timezone.now() + timedelta(days=2)
    services.membership_suspend(membership=m(club, member), actor=owner, reason="late", until=until)
    client = client_for(owner)
    seen = _seen(client.get(club.get_absolute_url()).content.decode(), "unsuspend", m(club, member).pk)
    services.membership_unsuspend(membership=m(club, member), actor=manager)
    later = timezone.now() + timedelta(days=9)
    services.membership_suspend(membership=m(club, member), actor=manager, reason="rude", until=later)
    response = client.post(
        reverse("membership_unsuspend", args=[club.slug, m(club, member).pk]), {"seen": seen}
    )
    said = [str(x) for x in get_messages(response.wsgi_request)]
    assert any("was suspended again after your page was shown" in x for x in said), said
    assert Membership.objects.get(pk=m(club, member).pk).suspend_reason == "rude"
    # The suspension shown now is lifted from the page showing it.
    seen = _seen(client.get(club.get_absolute_url()).content.decode(), "unsuspend", m(club, member).pk)
    client.post(reverse("membership_unsuspend", args=[club.slug, m(club, member).pk]), {"seen": seen})
    assert Membership.objects.get(pk=m(club, member).pk).suspended_until is None
