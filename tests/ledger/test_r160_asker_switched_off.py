"""Review 160: review 156 put a sentence in place of "Approve" beside a big grant whose asker no
longer decides: "Misha, who asked for this, no longer manages the club". When the site's operators
had switched Misha's account off he still was the club's manager, and the service, asked anyway,
says "The account of Misha, who asked for this, is switched off": the list says what the service
says, so the owner knows why and that it is no demotion of his."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from club.models import Club, Membership, User
from ledger.models import Adjustment

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _login(user: User) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_a_grant_asked_by_a_switched_off_manager_says_so(club: Club, owner: User, member_factory) -> None:
    misha = member_factory(role=Membership.Role.MANAGER)
    misha.user.display_name = "Misha"
    misha.user.save(update_fields=["display_name"])
    member = member_factory()
    data = {"member": member.pk, "kind": "grant", "amount": club.four_eyes_above + 1, "reason": "welcome"}
    response = _login(misha.user).post(f"/clubs/{club.slug}/chips/grant/", {**data, "token": "a" * 32})
    assert "second manager" in " ".join(str(m) for m in get_messages(response.wsgi_request))
    adjustment = Adjustment.objects.get(status="pending")
    User.objects.filter(pk=misha.user_id).update(is_active=False)

    page = _login(owner).get(club.get_absolute_url()).content.decode()
    start = page.index('id="chips-waiting"')
    waiting = page[start : page.index("</ul>", start)]
    assert f"/chips/waiting/{adjustment.pk}/approve/" not in waiting
    assert "The account of Misha, who asked for this, is switched off" in waiting
    assert "no longer manages the club" not in waiting
    assert f"/chips/waiting/{adjustment.pk}/refuse/" in waiting
