"""Review 78: a request to join from an account the site's operators switched off since could be
approved: a member who cannot log in was counted and listed, and could be granted chips. The request
is marked on the managers' list, offered only Refuse, and an approval (a page shown before) is refused
in plain words, in each language; refusing it still works."""

from __future__ import annotations

import html

import pytest

from club import services
from club.errors import ServiceError
from club.models import AuditLog

from .conftest import client_for, m

SAID = {
    "en": "The account of Sasha is switched off by the site: the request cannot be approved.",
    "ru": "Учётная запись пользователя Sasha отключена сайтом: заявку нельзя одобрить.",
    "bg": "Профилът на Sasha е изключен от сайта: заявката не може да бъде одобрена.",
}


@pytest.fixture
def asked(approval_club, make_user):
    sasha = make_user("sasha", display_name="Sasha")
    services.membership_join(club=approval_club, user=sasha)
    sasha.is_active = False
    sasha.save()
    return sasha


def test_approving_a_switched_off_account_is_refused(approval_club, owner, asked):
    with pytest.raises(ServiceError) as refused:
        services.membership_approve(membership=m(approval_club, asked), actor=owner)
    assert refused.value.code == "stale" and not refused.value.done
    assert m(approval_club, asked).status == "pending"
    assert not AuditLog.objects.filter(action="membership.approved").exists()
    for language, words in SAID.items():
        client = client_for(owner)
        client.cookies["django_language"] = language
        url = f"/clubs/{approval_club.slug}/members/{m(approval_club, asked).pk}/approve/"
        page = html.unescape(client.post(url, follow=True).content.decode())
        assert words in page, language
    assert m(approval_club, asked).status == "pending"
    services.membership_refuse(membership=m(approval_club, asked), actor=owner)
    assert m(approval_club, asked).status == "left"


def test_the_request_is_marked_and_offered_only_refuse(approval_club, owner, asked):
    page = html.unescape(client_for(owner).get(approval_club.get_absolute_url()).content.decode())
    requests = page.split("Requests to join", 1)[1].split("</ul>", 1)[0]
    assert "account switched off by the site" in requests
    assert "/approve/" not in requests and "/refuse/" in requests
