"""The header's "Log in" and "Register" carried no ``next``: a visitor reading a club's page, the
rules or the fairness page who logged in from the header landed on the home page and had to find
his page again (review 104). They now bring him back; on the account pages themselves they don't
(the log-in page would send him back to itself)."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


def _header_links(page: str) -> dict[str, str]:
    nav = page.split("<nav", 1)[1].split("</nav>", 1)[0]
    return {
        unescape(text).strip(): unescape(href)
        for href, text in re.findall(r'<a href="([^"]+)">([^<]+)</a>', nav)
    }


def test_logging_in_from_the_header_comes_back_to_the_page(club, make_user):
    make_user("zoya")
    page = f"/clubs/{club.slug}/"
    client = Client()
    links = _header_links(client.get(page).content.decode())
    assert links["Log in"] == f"{reverse('login')}?next=/clubs/{club.slug}/"
    assert links["Register"] == f"{reverse('register')}?next=/clubs/{club.slug}/"
    response = client.post(links["Log in"], {"username": "zoya", "password": TEST_PASSWORD})
    assert response.status_code == 302 and response.url == page


def test_a_query_is_kept_and_cannot_break_out_of_the_link():
    links = _header_links(Client().get('/rules/?x="><script>1</script>&y=2').content.decode())
    login, query = links["Log in"].split("?", 1)
    assert login == reverse("login")
    assert parse_qs(query) == {"next": ["/rules/?x=%22%3E%3Cscript%3E1%3C/script%3E&y=2"]}


def test_the_account_pages_send_no_next():
    links = _header_links(Client().get(reverse("login")).content.decode())
    assert links["Log in"] == reverse("login")
    assert links["Register"] == reverse("register")
