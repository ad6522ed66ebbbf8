"""The admin's statement of an account showed chips in as a bare "120" beside chips out as "-20", where
the member's own statement (My chips) and its CSV read "+120": a manager comparing the two read them
differently. Amounts in carry their "+" in the admin too; zero and amounts out are as they were."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Club
from ledger.models import Account
from ledger.services import chips_grant, table_buy_in

from .conftest import new_table

pytestmark = pytest.mark.django_db


def test_the_admin_statement_signs_chips_in(club: Club, owner, member_factory) -> None:
    owner.is_staff = True
    owner.save(update_fields=["is_staff"])
    member = member_factory()
    chips_grant(membership=member, amount=120, actor=owner, reason="welcome")
    table_buy_in(membership=member, table_id=new_table(club), amount=20)
    wallet = Account.objects.get(kind=Account.Kind.WALLET, member=member)
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    html = client.get(reverse("admin:ledger_account_statement", args=[wallet.pk])).content.decode()
    cells = re.findall(r"<td>([+-]?\d+)</td><td>(\d+)</td></tr>", html)
    assert ("+120", "120") in cells and ("-20", "100") in cells, cells
