"""The password-reset mail speaks the language its reader chose in his profile, not the language of
whoever filled in the form (anyone may ask for a reset of any address): a Bulgarian player got it
in English when it was asked for from an English browser."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _ask(email: str, language: str) -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE=language).post(reverse("password_reset"), {"email": email})
    assert response.status_code == 302


def test_the_mail_is_in_the_readers_own_language(make_user):
    make_user("boris", preferred_language="bg")
    _ask("boris@example.org", "en")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert "Khrap Club" not in message.subject, message.subject
    assert "Someone asked" not in message.body, message.body
    assert message.subject == "Нова парола за клуб „Храп“"
    assert "Някой поиска нова парола" in message.body


def test_the_mail_of_someone_who_chose_no_language_follows_the_form(make_user):
    make_user("gleb")
    _ask("gleb@example.org", "ru")
    assert "Кто-то запросил" in mail.outbox[0].body
    _ask("gleb@example.org", "en")
    assert "Someone asked" in mail.outbox[1].body


def test_the_page_after_the_form_stays_in_the_askers_language(make_user):
    make_user("boris", preferred_language="bg")
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    response = client.post(reverse("password_reset"), {"email": "boris@example.org"}, follow=True)
    assert 'lang="ru"' in response.content.decode()
