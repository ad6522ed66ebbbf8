"""Review 99: review 94 answered a plain form's POST whose COMMIT went unheard (the connection
dropped as it committed: done, but Django raised) with its page read afresh and a message asking to
check it. The same buttons sent by htmx (a manager's approve, ban, role on the club page; the chips
grant form) still got the server error: htmx swapped nothing, the page said only "The site refused
this", and the manager could not tell whether it was done; a grant sent again with a new form booked
the chips twice. Now the swapped part is read afresh and says so; the grant form comes back as sent
(its token kept), so sending it again books nothing twice."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import psycopg
import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import Client
from django.urls import reverse

from club import services as club_services
from club import views as club_views
from club.models import Club, Membership
from ledger import views as ledger_views
from ledger.models import Journal

pytestmark = pytest.mark.django_db(transaction=True)

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def commit_unheard(monkeypatch) -> Iterator[Callable[[object, str], None]]:
    """``arm(module, name)``: the service ``module.name`` commits its work, and the connection drops
    before the server hears that it did (its first call only)."""
    armed = threading.local()
    real_commit = BaseDatabaseWrapper._commit

    def commit_then_lose_the_answer(self):
        real_commit(self)
        if getattr(armed, "on", False):
            armed.on = False
            raise OperationalError("server closed the connection unexpectedly") from psycopg.OperationalError(
                "server closed the connection unexpectedly"
            )

    monkeypatch.setattr(BaseDatabaseWrapper, "_commit", commit_then_lose_the_answer)

    def arm(module: object, name: str) -> None:
        real = getattr(module, name)
        calls = []

        def service(**kwargs):
            calls.append(1)
            armed.on = len(calls) == 1  # the first call only
            try:
                return real(**kwargs)
            finally:
                armed.on = False

        monkeypatch.setattr(module, name, service)

    yield arm


def _login(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_an_htmx_approval_committed_unheard_swaps_the_list_read_afresh(
    club, owner, make_user, commit_unheard
):
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.APPROVAL)
    club.refresh_from_db()
    asking = club_services.membership_join(club=club, user=make_user("nadia99", display_name="Nadia"))
    commit_unheard(club_views.services, "membership_approve")
    response = _login(owner).post(reverse("membership_approve", args=[club.slug, asking.pk]), **HTMX)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="people"' in page and "please check" in page, page[:3000]
    assert "is now a member" not in page
    assert Membership.objects.get(pk=asking.pk).status == Membership.Status.ACTIVE
    # Read afresh: she is listed as a member, no longer as asking.
    assert reverse("membership_approve", args=[club.slug, asking.pk]) not in page


def test_an_htmx_grant_committed_unheard_comes_back_as_sent_and_books_once(
    club, owner, players, commit_unheard
):
    member = Membership.objects.get(club=club, user=players[0])
    commit_unheard(ledger_views, "chips_adjust")
    before = Journal.objects.filter(kind="grant").count()
    data = {"member": member.pk, "amount": 50, "reason": "prize", "token": "f" * 32}
    client = _login(owner)
    response = client.post(reverse("ledger_grant", args=[club.slug]), data, **HTMX)
    assert response.status_code == 200
    form = response.content.decode()
    assert 'id="grant-form"' in form and "did not confirm" in form, form[:3000]
    assert "f" * 32 in form  # the same token: sent again, it cannot book twice
    assert "granted to" not in form
    assert Journal.objects.filter(kind="grant").count() == before + 1

    again = client.post(reverse("ledger_grant", args=[club.slug]), data, **HTMX)
    assert "nothing was booked twice" in again.content.decode()
    assert Journal.objects.filter(kind="grant").count() == before + 1


def test_an_htmx_post_with_no_part_of_its_own_is_sent_to_the_page(club, make_user, commit_unheard):
    """A form with no fragment of its own (here "Join", sent by htmx): htmx loads the page, which
    says so, instead of the server error."""
    from django.contrib.messages import get_messages

    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.OPEN)
    nadia = make_user("nadia99", display_name="Nadia")
    commit_unheard(club_views.services, "membership_join")
    response = _login(nadia).post(reverse("club_join", args=[club.slug]), **HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == club.get_absolute_url()
    assert any("please check" in str(m) for m in get_messages(response.wsgi_request))
    assert Membership.objects.filter(club=club, user=nadia, status=Membership.Status.ACTIVE).exists()
