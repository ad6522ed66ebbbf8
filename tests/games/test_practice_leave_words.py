"""Leaving a practice table is not told as chips going back to the wallet: its chips came from the
club's treasury and go back there (the wallet never moved), yet the page said "your chips are back in
your wallet", and a player looked for chips that were never his."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import translation

from games.services.sessions import practice_table_open
from ledger.services import account_wallet

pytestmark = pytest.mark.django_db


def _leave(user, table_id: int, language: str = "en") -> list[str]:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(f"/tables/{table_id}/leave/")
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_leaving_a_practice_table_does_not_speak_of_the_wallet(club, players):
    from club.models import Membership

    user = players[0]
    wallet_before = account_wallet(membership=Membership.objects.get(club=club, user=user)).balance
    table = practice_table_open(club=club, user=user)
    told = _leave(user, table.pk)
    assert told and not any("wallet" in m for m in told), told
    assert account_wallet(membership=Membership.objects.get(club=club, user=user)).balance == wallet_before


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_it_is_told_in_the_readers_language(club, players, language):
    table = practice_table_open(club=club, user=players[1])
    told = _leave(players[1], table.pk, language)
    english = "You left the practice table; its chips go back to the club."
    with translation.override(language):
        said = translation.gettext(english)
    assert said != english and said in told, told


def test_leaving_a_real_table_still_speaks_of_the_wallet(make_table, players):
    from games.services import table_sit

    table = make_table()
    table_sit(session_id=table.pk, user=players[2], position=0, buy_in=100)
    assert _leave(players[2], table.pk) == ["You left the table; your chips are back in your wallet."]
