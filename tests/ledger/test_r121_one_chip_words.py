"""Review 121: sentences that put a number of chips into words said "1 chips" ("1 chips granted to
Petar.", "You asked for 1 chips"): the grant form's answers and a member's requests on the club page
were one sentence for every number. They are plural-aware now (ngettext, blocktranslate count), with
Russian's and Bulgarian's own forms."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone, translation

from club import services as club_services
from club.models import Membership
from ledger.services import chips_request
from tests.club.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    timezone.deactivate()
    yield
    timezone.deactivate()
    translation.activate("en")


@pytest.fixture
def setting(make_user, make_club):
    owner = make_user("olga", display_name="Olga")
    club = make_club(owner, "Few")
    petar = make_user("petar", display_name="Petar")
    club_services.membership_join(club=club, user=petar)
    return owner, club, petar


def _grant(client, club, petar, amount: int, kind: str = "grant", token: str = "t1"):
    member = Membership.objects.get(club=club, user=petar)
    page = client.get(reverse("club_detail", args=[club.slug])).content.decode()
    assert 'name="token"' in page
    return client.post(
        reverse("ledger_grant", args=[club.slug]),
        {
            "member": str(member.pk),
            "member_name": "petar",
            "kind": kind,
            "amount": str(amount),
            "reason": "x",
            "token": token,
        },
    )


def _said(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_one_chip_granted_and_taken_back_is_said_in_the_singular(setting):
    owner, club, petar = setting
    client = client_for(owner)
    said = _said(_grant(client, club, petar, 1, token="a" * 32))
    assert "1 chip granted to Petar." in said, said
    said = _said(_grant(client, club, petar, 1, token="a" * 32))
    assert "This 1 chip was already granted to Petar; nothing was booked twice." in said, said
    said = _said(_grant(client, club, petar, 1, kind="revoke", token="b" * 32))
    assert "1 chip taken back from Petar." in said, said
    said = _said(_grant(client, club, petar, 2, token="c" * 32))
    assert "2 chips granted to Petar." in said, said


def test_a_members_request_for_one_chip(setting):
    _owner, club, petar = setting
    chips_request(member=Membership.objects.get(club=club, user=petar), amount=1)
    page = client_for(petar).get(reverse("club_detail", args=[club.slug])).content.decode()
    assert "You asked for 1 chip; the managers have not answered yet." in page
    assert "1 chips" not in page


@pytest.mark.parametrize(
    ("language", "amount", "words"),
    [
        ("ru", 1, "Вы попросили 1 фишку"),
        ("ru", 3, "Вы попросили 3 фишки"),
        ("ru", 5, "Вы попросили 5 фишек"),
        ("bg", 1, "Поискахте 1 чип;"),
        ("bg", 5, "Поискахте 5 чипа;"),
    ],
)
def test_the_request_in_russian_and_bulgarian(setting, language, amount, words):
    _owner, club, petar = setting
    petar.preferred_language = language
    petar.save(update_fields=["preferred_language"])
    chips_request(member=Membership.objects.get(club=club, user=petar), amount=amount)
    page = client_for(petar).get(reverse("club_detail", args=[club.slug]), HTTP_ACCEPT_LANGUAGE=language)
    assert words in page.content.decode()


def test_a_grant_limit_of_one_chip_is_said_in_the_singular(setting):
    from club.models import Club
    from ledger.errors import LedgerError
    from ledger.services import chips_adjust

    owner, club, petar = setting
    Club.objects.filter(pk=club.pk).update(grant_limit=1)
    member = Membership.objects.select_related("club").get(club=club, user=petar)
    with pytest.raises(LedgerError) as refused:
        chips_adjust(member=member, kind="grant", amount=2, actor=owner, reason="x", idempotency_key="lim")
    assert refused.value.message == "A single grant in this club can be at most 1 chip."


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "1 entry from"),
        ("en", "now 1 chip."),
        ("ru", "1 запись с"),
        ("ru", "сейчас 1 фишка."),
        ("bg", "сега 1 чип."),
    ],
)
def test_a_chart_of_one_entry_and_one_chip(language, words):
    from datetime import UTC, datetime

    from ledger.charts import balance_chart_svg

    with translation.override(language):
        svg = str(balance_chart_svg([(datetime(2026, 12, 1, 12, tzinfo=UTC), 1)]))
    assert words in svg, svg


def test_taking_back_one_chip_more_than_the_wallet_holds(setting):
    from ledger.errors import InsufficientChips
    from ledger.services import chips_adjust

    owner, club, petar = setting
    member = Membership.objects.select_related("club").get(club=club, user=petar)
    with translation.override("en"), pytest.raises(InsufficientChips) as refused:
        chips_adjust(member=member, kind="revoke", amount=1, actor=owner, reason="x", idempotency_key="rv1")
    assert refused.value.message == "Not enough chips: the wallet holds 0, 1 is needed."
