"""An auditor (or a manager) who tries to change or delete a journal or an entry in the admin: nothing
changes, and he is told why in the books' own words. The site's bare 403 page told a club's owner
that "a club's settings are for its owner" or that his form was old, which said nothing of the books."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.models import Club, User
from ledger.models import Account, Entry, Journal
from ledger.services import chips_grant

pytestmark = pytest.mark.django_db
BACKEND = "django.contrib.auth.backends.ModelBackend"
STAND = "The books cannot be changed"


def login(user: User) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user, backend=BACKEND)
    return client


@pytest.fixture
def superuser() -> User:
    return User.objects.create(username="root48", is_superuser=True, is_staff=True)


@pytest.mark.parametrize("who", ["owner", "superuser"])
@pytest.mark.parametrize("model", ["journal", "entry", "account"])
@pytest.mark.parametrize("action", ["change", "delete"])
def test_changing_the_books_in_the_admin_says_why_and_changes_nothing(
    request: pytest.FixtureRequest, club: Club, owner: User, member_factory, who: str, model: str, action: str
) -> None:
    member = member_factory()
    journal = chips_grant(membership=member, amount=50, actor=owner, reason="welcome")
    entry = Entry.objects.filter(journal=journal, amount=50).get()
    obj = {"journal": journal, "entry": entry, "account": entry.account}[model]
    before = (
        list(Journal.objects.values_list("pk", "kind", "memo")),
        list(Entry.objects.values_list("pk", "account_id", "amount", "balance_after")),
        list(Account.objects.values_list("pk", "balance")),
    )
    client = login(request.getfixturevalue(who))
    url = reverse(f"admin:ledger_{model}_{action}", args=[obj.pk])
    response = client.post(url, {"post": "yes", "amount": "999", "memo": "edited", "balance": "999"})
    assert response.status_code == 403
    page = response.content.decode()
    assert STAND in page, page
    assert f'href="{reverse(f"admin:ledger_{model}_change", args=[obj.pk])}"' in page
    if action == "delete":
        # Asked for the page first (the link typed in): the same answer, no confirmation page.
        again = client.get(url)
        assert again.status_code == 403 and STAND in again.content.decode()
    after = (
        list(Journal.objects.values_list("pk", "kind", "memo")),
        list(Entry.objects.values_list("pk", "account_id", "amount", "balance_after")),
        list(Account.objects.values_list("pk", "balance")),
    )
    assert after == before


@pytest.mark.parametrize("lang", ["ru", "bg"])
def test_the_books_stand_message_is_translated(lang: str) -> None:
    from ledger.admin import BOOKS_STAND

    with translation.override("en"):
        english = str(BOOKS_STAND)
    with translation.override(lang):
        said = str(BOOKS_STAND)
    assert STAND in english and said != english and STAND not in said


def test_another_clubs_journal_stays_out_of_sight(club: Club, owner: User, member_factory) -> None:
    """The answer is for books the reader may see; another club's journal is refused as before."""
    stranger = User.objects.create(username="other48")
    other = Club.objects.create(name="Other 48", slug="other-48", created_by=stranger)
    from club.models import Membership

    Membership.objects.create(club=other, user=stranger, role=Membership.Role.OWNER)
    theirs = chips_grant(
        membership=Membership.objects.create(club=other, user=User.objects.create(username="m48")),
        amount=5,
        actor=stranger,
        reason="welcome",
    )
    response = login(owner).post(reverse("admin:ledger_journal_delete", args=[theirs.pk]), {"post": "yes"})
    assert response.status_code in (302, 403) and STAND not in response.content.decode()
    assert Journal.objects.filter(pk=theirs.pk).exists()
