"""Member pages (My chips, the grant form on the club page) and the read-only admin."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.models import Club, Membership, User
from ledger.models import Account, Entry, Journal
from ledger.services import chips_grant, table_buy_in

from .conftest import make_user, new_table

pytestmark = pytest.mark.django_db
BACKEND = "django.contrib.auth.backends.ModelBackend"


def login(user: User) -> Client:
    client = Client()
    client.force_login(user, backend=BACKEND)
    return client


def test_my_chips_shows_balance_statement_and_chart(club: Club, owner, member_factory) -> None:
    member = member_factory()
    chips_grant(membership=member, amount=120, actor=owner, reason="welcome bonus")
    table_buy_in(membership=member, table_id=new_table(club), amount=20)
    response = login(member.user).get(reverse("ledger_my_chips", args=[club.slug]))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="chips-balance">100<' in html
    assert "welcome bonus" in html and "<svg" in html and "<path" in html


def test_my_chips_load_more_with_htmx(club: Club, owner, member_factory) -> None:
    member = member_factory()
    for i in range(30):
        chips_grant(membership=member, amount=1, actor=owner, reason=f"r{i}")
    client = login(member.user)
    url = reverse("ledger_my_chips", args=[club.slug])
    first = client.get(url).content.decode()
    assert "r29" in first and "r4<" not in first and "Load more" in first
    oldest_shown = Entry.objects.filter(account__member=member).order_by("-id")[24].pk
    more = client.get(url, {"before": oldest_shown}, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in more and "r0<" in more and "r4<" in more and "r5<" not in more
    assert "Load more" not in more


def test_my_chips_needs_membership(club: Club) -> None:
    url = reverse("ledger_my_chips", args=[club.slug])
    assert login(make_user()).get(url).status_code == 404
    assert Client().get(url).status_code == 302  # to the login page


def test_club_page_shows_chips_box_and_grant_form_for_managers(club: Club, owner, member_factory) -> None:
    member = member_factory()
    chips_grant(membership=member, amount=42, actor=owner, reason="x")
    page = login(member.user).get(club.get_absolute_url()).content.decode()
    assert "<strong>42</strong>" in page and reverse("ledger_my_chips", args=[club.slug]) in page
    assert 'id="grant-form"' not in page
    assert 'id="grant-form"' in login(owner).get(club.get_absolute_url()).content.decode()


def test_grant_form_posts_once_per_token(club: Club, owner, member_factory) -> None:
    member = member_factory()
    client = login(owner)
    url = reverse("ledger_grant", args=[club.slug])
    data = {"member": member.pk, "amount": 50, "reason": "tournament prize", "token": "a" * 32}
    assert client.post(url, data).status_code == 302
    assert client.post(url, data).status_code == 302  # double submit
    assert Account.objects.get(member=member, kind="wallet").balance == 50
    assert Journal.objects.filter(kind="grant").count() == 1
    htmx = client.post(url, {**data, "token": "b" * 32}, headers={"HX-Request": "true"})
    assert htmx.status_code == 200 and "<html" not in htmx.content.decode()
    assert Account.objects.get(member=member, kind="wallet").balance == 100
    bad = client.post(url, {**data, "amount": 0, "token": "c" * 32}, headers={"HX-Request": "true"})
    assert bad.status_code == 422


def test_grant_form_refuses_non_managers(club: Club, member_factory) -> None:
    member = member_factory()
    data = {"member": member.pk, "amount": 50, "reason": "me", "token": "a" * 32}
    assert login(member.user).post(reverse("ledger_grant", args=[club.slug]), data).status_code == 404
    assert not Journal.objects.exists()


# -- admin ---------------------------------------------------------------------------------------


@pytest.fixture
def two_clubs(club: Club, owner, member_factory) -> tuple[Club, Club, User]:
    owner.is_staff = True
    owner.save()
    chips_grant(membership=member_factory(), amount=10, actor=owner, reason="mine")
    other_owner = make_user()
    other = Club.objects.create(name="Other club", slug="other-club", created_by=other_owner)
    Membership.objects.create(club=other, user=other_owner, role=Membership.Role.OWNER)
    stranger = Membership.objects.create(club=other, user=make_user("stranger"))
    chips_grant(membership=stranger, amount=99, actor=other_owner, reason="theirs")
    return club, other, owner


def test_admin_manager_sees_own_club_only(two_clubs) -> None:
    club, other, manager = two_clubs
    client = login(manager)
    journals = client.get(reverse("admin:ledger_journal_changelist")).content.decode()
    assert "mine" in journals and "theirs" not in journals
    assert client.get(reverse("admin:ledger_trial_balance", args=[club.pk])).status_code == 200
    assert client.get(reverse("admin:ledger_trial_balance", args=[other.pk])).status_code == 404
    foreign = Account.objects.filter(club=other).first()
    assert client.get(reverse("admin:ledger_account_statement", args=[foreign.pk])).status_code == 404


def test_admin_is_read_only_even_for_superusers(two_clubs) -> None:
    club, _other, _manager = two_clubs
    root = User.objects.create_superuser(username="root", password="x" * 12)
    client = login(root)
    journal = Journal.objects.first()
    for name in ("journal", "entry", "account"):
        assert client.get(reverse(f"admin:ledger_{name}_add")).status_code == 403
    assert client.post(reverse("admin:ledger_journal_delete", args=[journal.pk])).status_code == 403
    assert (
        client.post(reverse("admin:ledger_journal_change", args=[journal.pk]), {"memo": "x"}).status_code
        == 403
    )
    assert Journal.objects.get(pk=journal.pk).memo == journal.memo
    page = client.get(reverse("admin:ledger_trial_balance", args=[club.pk])).content.decode()
    assert "The balances sum to zero." in page
    assert client.get(reverse("admin:ledger_entry_changelist"), {"q": "stranger"}).status_code == 200


def test_admin_csv_export_follows_filters(two_clubs) -> None:
    _club, other, _manager = two_clubs
    root = User.objects.create_superuser(username="root", password="x" * 12)
    response = login(root).get(reverse("admin:ledger_entry_export"), {"journal__club__id__exact": other.pk})
    body = b"".join(response.streaming_content).decode()
    rows = list(csv.DictReader(io.StringIO(body)))
    assert len(rows) == 2 and {r["club"] for r in rows} == {str(other.pk)}
    assert sorted(int(r["amount"]) for r in rows) == [-99, 99]


def test_admin_hidden_from_plain_members(club: Club, member_factory) -> None:
    member = member_factory()
    member.user.is_staff = True
    member.user.save()
    response = login(member.user).get(reverse("admin:ledger_journal_changelist"))
    assert response.status_code == 302 and "login" in response.url  # the admin site itself refuses


@pytest.mark.parametrize("token", ["", "abc", "z" * 32, "a" * 40])
def test_a_damaged_grant_form_says_so_in_the_managers_language_and_grants_nothing(
    club: Club, owner, member_factory, token
) -> None:
    member = member_factory()
    owner.preferred_language = "ru"
    owner.save()
    client = login(owner)
    url = reverse("ledger_grant", args=[club.slug])
    data = {"member": member.pk, "amount": 50, "reason": "prize", "token": token}
    response = client.post(url, data, headers={"HX-Request": "true", "Accept-Language": "ru"})
    page = response.content.decode()
    assert response.status_code == 422
    with translation.override("ru"):
        damaged = str(translation.gettext("This form is damaged; reload the page."))
    assert damaged in page and "Token" not in page
    assert not Journal.objects.exists()
