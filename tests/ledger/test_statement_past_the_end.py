"""My chips from a cursor past the oldest entry (an old "Load more" address, one typed: ?before=1)
said "No chips have moved yet." under a balance of chips that had moved (review 29's note): it says
there is nothing before that point and offers the newest movements."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.models import Club
from ledger.services import chips_grant

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("htmx", [False, True])
def test_a_page_past_the_oldest_entry_is_not_an_empty_statement(
    club: Club, owner, member_factory, htmx
) -> None:
    member = member_factory()
    chips_grant(membership=member, amount=50, actor=owner, reason="welcome")
    client = Client()
    client.force_login(member.user, backend="django.contrib.auth.backends.ModelBackend")
    url = reverse("ledger_my_chips", args=[club.slug])
    headers = {"HX-Request": "true"} if htmx else {}
    html = client.get(url, {"before": "1"}, headers=headers).content.decode()
    assert "No chips have moved yet." not in html
    assert "No movement before this point of the statement." in html and 'href="?"' in html
    # The statement itself still shows the grant, and a newcomer's is still said to be empty.
    assert "welcome" in client.get(url).content.decode()
    newcomer = Client()
    newcomer.force_login(member_factory().user, backend="django.contrib.auth.backends.ModelBackend")
    assert "No chips have moved yet." in newcomer.get(url).content.decode()


def test_said_in_russian_and_bulgarian(club: Club, owner, member_factory) -> None:
    member = member_factory()
    chips_grant(membership=member, amount=5, actor=owner, reason="x")
    for language, words in (("ru", "До этого места выписки движений нет."), ("bg", "няма движения")):
        client = Client(headers={"Accept-Language": language})
        client.force_login(member.user, backend="django.contrib.auth.backends.ModelBackend")
        with translation.override(language):
            html = client.get(reverse("ledger_my_chips", args=[club.slug]), {"before": "1"}).content.decode()
        assert words in html, language
