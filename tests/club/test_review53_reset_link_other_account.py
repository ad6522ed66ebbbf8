"""Review 53: a password-reset link opened while logged in as someone else (a shared computer, a
partner's mail read at a family computer). The page said only "Choose a new password", under the
header of the person logged in, who could take it for his own; once set, its "Log in" button
bounced him to the home page, still logged in as the other. The page now names the account the link
is for and warns whoever is logged in as another; the last page offers to log out first."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from club.models import User
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

NEW = "Brand-new-pass-77"


def _link(email: str) -> str:
    mail.outbox.clear()
    Client(REMOTE_ADDR="203.0.113.1").post(reverse("password_reset"), {"email": email})
    return re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", mail.outbox[-1].body).group(1)


def _words(language: str, text: str, **values: str) -> str:
    with translation.override(language):
        words = translation.gettext(text)
    assert (words != text) == (language != "en"), f"not translated to {language}: {text}"
    return escape(words % values)


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_link_opened_while_logged_in_as_another_names_both(make_user, language):
    anna = make_user("anna")
    boris = make_user("boris", display_name="Boris")
    link = _link(anna.email)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(boris)

    form_page = client.get(link, follow=True)
    text = form_page.content.decode()
    assert (
        _words(language, "This link sets the password of the account “%(account)s”.", account="anna") in text
    )
    warning = (
        "You are logged in as %(name)s: this link is for another account, and your own password stays "
        "as it is."
    )
    assert _words(language, warning, name="Boris") in text

    done = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW}, follow=True
    )
    text = done.content.decode()
    assert (
        _words(
            language,
            "You are logged in as %(name)s. To log in with the new password, log out first.",
            name="Boris",
        )
        in text
    )
    assert f'name="next" value="{reverse("login")}"' in text  # the button logs him out, to the log-in page

    # Anna's password is set, Boris's kept, and Boris is still logged in.
    assert User.objects.get(pk=anna.pk).check_password(NEW)
    assert User.objects.get(pk=boris.pk).check_password(TEST_PASSWORD)
    assert client.session["_auth_user_id"] == str(boris.pk)
    out = client.post(reverse("logout"), {"next": reverse("login")})
    assert out["Location"] == reverse("login")


def test_the_owner_of_the_link_is_not_warned(make_user):
    anna = make_user("anna")
    client = Client()
    form_page = client.get(_link(anna.email), follow=True)
    text = form_page.content.decode()
    assert "“anna”" in text and "You are logged in as" not in text
    done = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW}, follow=True
    )
    assert "log out first" not in done.content.decode()
