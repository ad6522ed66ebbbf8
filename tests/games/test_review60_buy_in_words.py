"""Review 60 (the money auditor): a buy-in the browser's number field lets through but the table
does not read (150.0, 1e3, digits of another script) is refused with the field's name in the player's
language: a Russian player read «buy_in», the program's name for it."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club.models import Membership
from games.models import Seat
from ledger.services import account_wallet


@pytest.mark.parametrize("typed", ["150.0", "1e3", "-150", "١٥٠", "150 chips"])
@pytest.mark.parametrize(
    ("language", "field"), [("ru", "Сколько фишек взять за стол"), ("bg", "Колко чипове да внесете")]
)
def test_an_unreadable_buy_in_is_refused_in_the_players_words(
    make_table, players, club, typed: str, language: str, field: str
) -> None:
    table = make_table()
    user = players[0]
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(f"/tables/{table.pk}/sit/", {"position": "1", "buy_in": typed})
    said = " ".join(str(m) for m in get_messages(response.wsgi_request))
    assert "buy_in" not in said and field in said, said
    member = Membership.objects.get(club=club, user=user)
    assert not Seat.objects.filter(session=table, member=member).exists()
    assert account_wallet(membership=member).balance == 1000
