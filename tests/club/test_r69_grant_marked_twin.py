"""A name marked by a migration. Of two old usernames that came to read alike when the look-alike
table grew (migration 0014: "հana", Armenian հ, registered before "hana"), the later keeps "hana#pk"
as its form; the grant form looked names up by form only, so a manager who typed "hana" exactly was
told "No member's username is “hana”. Did you mean Gleb (@հana)?" and could not give the real Hana
chips. The username typed exactly is looked up too. Review 69."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.apps import apps

from club import services
from club.models import Membership, User
from ledger.forms import GrantForm

pytestmark = pytest.mark.django_db


def test_a_marked_twin_is_found_by_his_exact_username(club, owner, make_user):
    early = make_user("gleb_a", display_name="Gleb")
    User.objects.filter(pk=early.pk).update(username="հana", username_skeleton="հana",
                                            username_small_skeleton="հana")
    hana = make_user("hana", display_name="Hana")
    import_module("club.migrations.0014_wider_skeletons").refill_users(apps, None)
    hana.refresh_from_db()
    assert hana.username_skeleton == f"hana#{hana.pk}"
    for user in (early, hana):
        services.membership_join(club=club, user=user)
    data = {"member_name": "hana", "amount": "10", "reason": "prize", "token": "a" * 32}
    form = GrantForm(data, club=club)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["member"] == Membership.objects.get(club=club, user=hana)
