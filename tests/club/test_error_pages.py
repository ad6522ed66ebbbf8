"""Not found, not allowed and server error pages in the reader's language (outside review).

Without templates of its own the site answered them with Django's built-in pages: "Not Found", "403
Forbidden" and "Server Error (500)" in English, without the site's header, to a Russian or Bulgarian
reader, on every members-only page a stranger opened (a club's deals, tables, players)."""

from __future__ import annotations

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import include, path

from club.models import User

ENGLISH = ("Not Found", "Forbidden", "Server Error", "The requested resource")


def _boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


urlpatterns = [path("boom/", _boom), path("", include("club.urls"))]


def _stranger(make_user, language: str) -> Client:
    user: User = make_user(f"stranger_{language}", display_name="Stranger")
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "words"), [("ru", "Страница не найдена"), ("bg", "Страницата не е намерена")]
)
def test_a_members_page_a_stranger_opens_says_not_found_in_his_language(
    make_user, make_club, language, words
):
    owner = make_user(f"owner_{language}", display_name="Olga")
    club = make_club(owner, f"Closed Club {language}")
    client = _stranger(make_user, language)
    urls = (f"/clubs/{club.slug}/deals/", f"/clubs/{club.slug}/leaderboard/", "/tables/999999/", "/no/such/")
    for url in urls:
        response = client.get(url)
        assert response.status_code == 404
        text = response.content.decode()
        assert words in text, url
        assert not any(english in text for english in ENGLISH), url
        assert 'href="/"' in text


@pytest.mark.django_db
def test_a_page_only_the_owner_may_open_says_so_in_bulgarian(make_user, make_club):
    owner = make_user("owner_bg2", display_name="Olga")
    club = make_club(owner, "Owned Club")
    client = _stranger(make_user, "bg")
    response = client.get(f"/clubs/{club.slug}/settings/")
    assert response.status_code == 403
    text = response.content.decode()
    assert "Не е позволено" in text
    assert not any(english in text for english in ENGLISH)


@pytest.mark.django_db
@pytest.mark.urls("tests.club.test_error_pages")
def test_a_server_error_says_so_in_russian():
    client = Client(HTTP_ACCEPT_LANGUAGE="ru", raise_request_exception=False)
    response = client.get("/boom/")
    assert response.status_code == 500
    text = response.content.decode()
    assert "Что-то пошло не так" in text
    assert not any(english in text for english in ENGLISH)
