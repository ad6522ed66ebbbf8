"""Review 66: addresses are stored composed (NFC) since review 65, whatever spelling was typed, but the
password reset form looked the typed one up as it came. A player whose keyboard writes "ü" as "u" and
a combining mark (NFD) signed up with it, typed it so again on the reset form, and no mail came (the
page says "if an account uses this address, a mail is on its way" either way); an older account
stored decomposed got none when the address was typed composed. Either spelling of one mailbox now
finds its account, and an address that is another mailbox still finds none."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from club.models import User
from tests.conftest import TEST_PASSWORD

from .test_email_unique import _register

pytestmark = pytest.mark.django_db

COMPOSED, DECOMPOSED = "anna@m\u00fcller.de", "anna@mu\u0308ller.de"


def _reset_mails(email: str) -> list[str]:
    mail.outbox.clear()
    assert Client().post(reverse("password_reset"), {"email": email}).status_code == 302
    return [to for message in mail.outbox for to in message.to]


def test_a_reset_finds_the_account_whichever_spelling_is_typed() -> None:
    assert _register(Client(), "muller66", DECOMPOSED).status_code == 302
    assert User.objects.get(username="muller66").email == COMPOSED
    assert _reset_mails(DECOMPOSED) == [COMPOSED]  # mailed to the address the account holds
    assert _reset_mails(COMPOSED) == [COMPOSED]
    User.objects.create_user("older66", email="bob@cafe\u0301.fr", password=TEST_PASSWORD)
    assert _reset_mails("bob@caf\u00e9.fr") == ["bob@cafe\u0301.fr"]
    assert _reset_mails("anna@muller.de") == []  # another mailbox


def test_the_mails_per_address_count_both_spellings_as_one(settings) -> None:
    """Both spellings reach one mailbox now: counted apart, each had its own allowance of mails, and
    anyone could send the owner of an address twice as many as the limit lets."""
    settings.RESET_MAILS_PER_ADDRESS = 2
    settings.RESET_REQUESTS_PER_NETWORK = 100
    assert _register(Client(), "muller67", COMPOSED).status_code == 302
    sent = [_reset_mails(typed) for typed in (COMPOSED, DECOMPOSED, DECOMPOSED, COMPOSED.upper())]
    assert sent == [[COMPOSED], [COMPOSED], [], []]
