"""Review 75: the operator switched off the owner's account (banned from the site). A member with no
chips was still told to ask the club's managers, "Olga" first among them, who could no longer log in
to answer. The hint names only managers whose accounts are on."""

from __future__ import annotations

import pytest

from club.models import Club

from .conftest import client_for

pytestmark = pytest.mark.django_db


def _hint(page: str) -> str:
    return page.split('id="no-chips-hint"', 1)[1].split("</p>", 1)[0]


def test_a_switched_off_manager_is_not_named_to_ask_for_chips(owner, manager, member, club: Club) -> None:
    assert "@olga" in _hint(client_for(member).get(club.get_absolute_url()).content.decode())
    owner.is_active = False
    owner.save()
    hint = _hint(client_for(member).get(club.get_absolute_url()).content.decode())
    assert "@olga" not in hint
    assert "@misha" in hint
