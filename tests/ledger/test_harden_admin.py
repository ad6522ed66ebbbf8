"""What a newcomer met in the books' admin and the grant form, as a club manager sees them (the club's
owner, not staff: the admin follows the club role)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Club, Membership, User
from ledger.forms import GrantForm
from ledger.models import Journal
from ledger.services import chips_grant

pytestmark = pytest.mark.django_db
BACKEND = "django.contrib.auth.backends.ModelBackend"
KEY = "grant:form:" + "e" * 32


def login(user: User) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user, backend=BACKEND)
    return client


@pytest.fixture
def veras(club: Club, owner) -> tuple[Membership, Membership]:
    """The real Vera and an impostor who chose the same display name."""
    real, fake = (
        Membership.objects.create(club=club, user=User.objects.create(username=name, display_name="Vera"))
        for name in ("vera", "vera_impostor")
    )
    chips_grant(membership=real, amount=50, actor=owner, reason="welcome", idempotency_key=KEY)
    chips_grant(membership=fake, amount=7, actor=owner, reason="welcome")
    return real, fake


def test_grant_form_names_each_member_with_the_username(club: Club, owner, veras) -> None:
    real, fake = veras
    labels = dict(GrantForm(club=club).fields["member"].choices)
    assert labels[real.pk] == "Vera (@vera)" and labels[fake.pk] == "Vera (@vera_impostor)"
    page = login(owner).get(club.get_absolute_url()).content.decode()
    assert "Vera (@vera)</option>" in page and "Vera (@vera_impostor)</option>" in page


def test_admin_member_filter_shows_the_username_and_no_club_id(club: Club, owner, veras) -> None:
    page = login(owner).get(reverse("admin:ledger_entry_changelist")).content.decode()
    assert ">Vera (@vera)</a>" in page and ">Vera (@vera_impostor)</a>" in page
    assert f"Vera ({club.pk})" not in page


def test_admin_entry_filters_have_distinct_titles(owner, veras) -> None:
    page = login(owner).get(reverse("admin:ledger_entry_changelist")).content.decode()
    titles = re.findall(r'data-filter-title="([^"]*)"', page)
    assert len(titles) == len(set(titles)), titles
    assert {"account kind", "journal kind"} <= set(titles)


def test_admin_journal_page_shows_its_entries_to_a_manager(club: Club, owner, veras) -> None:
    journal = Journal.objects.get(idempotency_key=KEY)
    response = login(owner).get(reverse("admin:ledger_journal_change", args=[journal.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Vera (@vera)" in page  # the wallet the grant went to
    cells = re.findall(r'<td class="field-amount">\s*<p>(-?\d+)</p>', page)
    assert sorted(int(c) for c in cells) == [-50, 50]


def _columns(page: str) -> list[str]:
    return re.findall(r'<th scope="col" class="[^"]*column-([a-z_]+)', page)


@pytest.mark.parametrize("name", ["entry", "journal"])
def test_admin_lists_show_amounts_before_idempotency_keys(owner, veras, name: str) -> None:
    page = login(owner).get(reverse(f"admin:ledger_{name}_changelist")).content.decode()
    columns = _columns(page)
    assert "amount" in columns and columns[-1] == "short_key", columns
    assert "idempotency_key" not in columns and f"{KEY}<" not in page
    if name == "entry":
        assert columns.index("amount") < columns.index("balance_after") < columns.index("journal_link")


def test_trial_balance_names_members_with_the_username(club: Club, owner, veras) -> None:
    page = login(owner).get(reverse("admin:ledger_trial_balance", args=[club.pk])).content.decode()
    assert "<td>Vera (@vera)</td>" in page and "<td>Vera (@vera_impostor)</td>" in page
