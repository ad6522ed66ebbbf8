"""Review 104: a password-reset link mailed before the site's operators switched the account off
still set its password, and the page said "Your new password is set. You can log in now.", which
the log-in then refused ("This account has been switched off…"); the guesses counted against the
name were forgotten too. The reset form mails no account switched off (Django's rule): a link sent
before is no way round it. The link's page says why it no longer works, to the holder of a true
link only: a made-up token learns nothing of the account."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from club.forms import ACCOUNT_SWITCHED_OFF
from club.models import User
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

NEW = "Brand-new-pass-77"
with translation.override("en"):
    SWITCHED_OFF = str(ACCOUNT_SWITCHED_OFF)


def _link(email: str) -> str:
    mail.outbox.clear()
    Client(REMOTE_ADDR="203.0.113.1").post(reverse("password_reset"), {"email": email})
    return re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", mail.outbox[-1].body).group(1)


def _switch_off(user: User) -> None:
    user = User.objects.get(pk=user.pk)
    user.is_active = False
    user.save()


def _words(language: str) -> str:
    with translation.override(language):
        words = translation.gettext(SWITCHED_OFF)
    assert (words != SWITCHED_OFF) == (language != "en")
    return escape(words)


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_link_sent_before_the_account_was_switched_off_sets_no_password(make_user, language):
    anna = make_user("anna")
    link = _link(anna.email)
    _switch_off(anna)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    page = client.get(link, follow=True)
    assert not page.context["validlink"]
    assert _words(language) in page.content.decode()
    # Sent as the form would have been, to the address the link leads to.
    client.post(
        link.replace(link.rstrip("/").rsplit("/", 1)[1], "set-password"),
        {"new_password1": NEW, "new_password2": NEW},
    )
    assert User.objects.get(pk=anna.pk).check_password(TEST_PASSWORD)


def test_a_link_opened_before_and_sent_after_the_switch_off_sets_no_password(make_user):
    anna = make_user("anna")
    client = Client()
    form_page = client.get(_link(anna.email), follow=True)
    assert form_page.context["validlink"]
    _switch_off(anna)
    answer = client.post(form_page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert answer.status_code == 200 and not answer.context["validlink"]
    assert escape(SWITCHED_OFF) in answer.content.decode()
    assert User.objects.get(pk=anna.pk).check_password(TEST_PASSWORD)


def test_a_made_up_link_says_nothing_of_the_account(make_user):
    anna = make_user("anna")
    link = _link(anna.email)
    _switch_off(anna)
    uid = link.split("/")[3]
    page = Client().get(f"/accounts/reset/{uid}/abc-0123456789abcdef/", follow=True)
    text = page.content.decode()
    assert not page.context["validlink"]
    assert escape(SWITCHED_OFF) not in text
    assert "The password reset link is invalid" in text
