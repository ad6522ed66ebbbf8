"""The 500 page is in the reader's language when the database is down (review 80).

With the database unreachable the first thing that failed was the session's read, in a middleware
before the locale one: a logged-in Russian or Bulgarian reader got "Something went wrong · Khrap
Club" in English (an anonymous one, whose request failed in the view, read his own language). The
site's handler500 takes the language from the request itself, as its 400 page does."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import OperationalError
from django.test import Client

pytestmark = pytest.mark.django_db


def _database_down(*args, **kwargs):
    raise OperationalError("connection to server at 127.0.0.1 refused")


@pytest.mark.parametrize(
    ("language", "words"),
    [("ru", "Что-то пошло не так"), ("bg", "Нещо се обърка"), ("en", "Something went wrong")],
)
def test_a_logged_in_reader_reads_the_server_error_in_his_language(make_user, language, words):
    client = Client(HTTP_ACCEPT_LANGUAGE=language, raise_request_exception=False)
    client.force_login(make_user(f"reader_{language}", display_name="Reader"))
    with mock.patch("django.db.backends.utils.CursorWrapper.execute", _database_down):
        response = client.get("/")
    assert response.status_code == 500
    text = response.content.decode()
    assert words in text
    assert f'<html lang="{language}">' in text
    assert "refused" not in text and "OperationalError" not in text
