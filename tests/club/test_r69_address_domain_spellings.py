"""One mailbox, two spellings of its domain: "vera@пример.рф" as its owner types it and
"vera@xn--e1afmkfd.xn--p1ai" as the mail system writes it (punycode). Both were taken as new
addresses: a second account was opened on a mailbox that had one (one address, one account), a reset
asked in the other spelling mailed nothing, and each spelling had its own allowance of reset mails.
Review 69."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from club.forms import mailbox_spellings
from club.models import User
from tests.conftest import TEST_PASSWORD

from .conftest import client_for
from .test_email_unique import _register

pytestmark = pytest.mark.django_db

UNICODE, PUNYCODE = "vera@пример.рф", "vera@xn--e1afmkfd.xn--p1ai"
GERMAN, GERMAN_ASCII = "anna@bücher.de", "anna@xn--bcher-kva.de"


def _reset_mails(email: str) -> list[str]:
    mail.outbox.clear()
    assert Client().post(reverse("password_reset"), {"email": email}).status_code == 302
    return [to for message in mail.outbox for to in message.to]


def test_the_spellings_of_one_mailbox():
    assert PUNYCODE in mailbox_spellings(UNICODE)
    assert UNICODE in mailbox_spellings(PUNYCODE)
    assert GERMAN_ASCII in mailbox_spellings("anna@BÜCHER.de")
    assert mailbox_spellings("bob@example.org") >= {"bob@example.org"}
    assert mailbox_spellings("not an address") >= {"not an address"}


@pytest.mark.parametrize("first, second", [(UNICODE, PUNYCODE), (PUNYCODE, UNICODE), (GERMAN, GERMAN_ASCII),
                                           (GERMAN_ASCII, "anna@BÜCHER.DE")])
def test_registration_refuses_the_other_spelling_of_a_taken_address(first, second):
    assert _register(Client(), "first", first).status_code == 302
    response = _register(Client(), "second", second)
    assert response.status_code == 200
    assert "Another account already uses this email address." in response.content.decode()
    assert not User.objects.filter(username="second").exists()


def test_the_profile_refuses_the_other_spelling_of_someone_elses_address(make_user, member):
    make_user("vera", email=UNICODE)
    response = client_for(member).post(reverse("profile"), {
        "display_name": "Petar", "email": PUNYCODE, "preferred_language": "", "time_zone": "UTC",
        "current_password": TEST_PASSWORD,
    })
    assert response.status_code == 200
    assert "Another account already uses this email address." in response.content.decode()
    member.refresh_from_db()
    assert member.email != PUNYCODE


@pytest.mark.parametrize("stored, typed", [(UNICODE, PUNYCODE), (PUNYCODE, UNICODE), (GERMAN_ASCII, GERMAN)])
def test_a_reset_finds_the_account_in_either_spelling(make_user, stored, typed):
    make_user("vera", email=stored)
    assert _reset_mails(typed) == [stored]
    assert _reset_mails("vera@пример.бг") == []  # another mailbox


def test_the_mails_per_address_count_both_spellings_as_one(make_user, settings):
    settings.RESET_MAILS_PER_ADDRESS = 2
    settings.RESET_REQUESTS_PER_NETWORK = 100
    make_user("vera", email=UNICODE)
    sent = [_reset_mails(typed) for typed in (UNICODE, PUNYCODE, PUNYCODE, UNICODE)]
    assert sent == [[UNICODE], [UNICODE], [], []]


def test_a_sharp_s_domain_is_another_mailbox(make_user):
    """"straße.de" and "strasse.de" are two domains (IDNA 2008; the old mapping folded ß to ss): no
    account is refused, and no reset mailed, for the other one."""
    assert "anna@strasse.de" not in mailbox_spellings("anna@straße.de")
    assert "anna@xn--strae-oqa.de" in mailbox_spellings("anna@straße.de")
    make_user("anna", email="anna@strasse.de")
    assert _reset_mails("anna@straße.de") == []
    assert _register(Client(), "anna2", "anna@straße.de").status_code == 302
