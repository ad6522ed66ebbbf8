"""Review 60 (the money auditor): a manager standing a player up (his chips go home) with a reason of
only spaces is told so naming the field as the form does ("Reason", in his language): the Russian and
Bulgarian refusal read the program's name «reason»."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from games.models import Seat

from .conftest import sit_all


@pytest.mark.parametrize(("language", "field"), [("ru", "Причина"), ("bg", "Причина")])
def test_a_blank_stand_up_reason_is_refused_in_the_managers_words(
    make_table, players, owner, language: str, field: str
) -> None:
    table = make_table()
    sit_all(table, players[:2])
    owner.preferred_language = language
    owner.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    blank = {"do": "standup", "position": "1", "reason": "   "}
    response = client.post(f"/tables/{table.pk}/standup/", blank)
    said = " ".join(str(m) for m in get_messages(response.wsgi_request))
    assert "reason" not in said and field in said, said
    assert Seat.objects.filter(session=table, position=0).exclude(status=Seat.Status.LEFT).exists()
