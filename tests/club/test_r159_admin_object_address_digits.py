"""Review 159: an admin page of one row (its form, its history, its deletion) read the id in its
address with ``int()``, which also reads other scripts' digits, a sign and underscores: "/١/change/",
"/+1/history/" or "/0_1/change/" opened row 1 under an address that is not its own. Such an address is
answered as an id nobody has is (the admin's "doesn't exist" and its list)."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Membership

from .conftest import m

pytestmark = pytest.mark.django_db

ARABIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _spellings(pk: int) -> list[str]:
    plain = str(pk)
    return [plain.translate(ARABIC), plain.translate(FULLWIDTH), f"+{plain}", f"0_{plain}"]


@pytest.mark.parametrize("view", ["change", "history", "delete"])
@pytest.mark.parametrize("spelling", range(4))
def test_a_row_address_in_other_digits_is_no_row(club, owner, member, root, view, spelling):
    row = m(club, member)
    odd = quote(_spellings(row.pk)[spelling])
    for who in (owner, root):
        client = Client()
        client.force_login(who, backend="django.contrib.auth.backends.ModelBackend")
        nobody = client.get(f"/admin/club/membership/987654/{view}/")
        response = client.get(f"/admin/club/membership/{odd}/{view}/")
        assert response.status_code == nobody.status_code, (who.username, odd, view)
        assert response.get("Location") == nobody.get("Location")
        assert member.username.encode() not in response.content
    assert Membership.objects.filter(pk=row.pk).exists()


def test_the_plain_address_still_opens_the_row(club, owner, member):
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    response = client.get(f"/admin/club/membership/{m(club, member).pk}/change/")
    assert response.status_code == 200
    assert member.username.encode() in response.content
