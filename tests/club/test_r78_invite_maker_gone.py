"""Review 78: an invite link is its maker's word. A manager demoted, banned, gone from the club or
with his account switched off had his links go on letting in whoever held them. Now such a link
lets nobody in; the person opening it is told why in plain words (in each language); the club
page lists it as stopped, not to be copied, and does not count it among the links in use."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from club import services
from club.errors import ServiceError
from club.models import Club, Membership

from .conftest import client_for, m

GONE = {
    "en": "This invite link no longer works: the manager who made it no longer manages the club.",
    "ru": (
        "Эта ссылка-приглашение больше не действует: менеджер, который её создал, больше не управляет клубом."
    ),
    "bg": "Този линк за покана вече не работи: мениджърът, който го е създал, вече не управлява клуба.",
}


def _demote(club, owner, manager):
    services.membership_set_role(membership=m(club, manager), actor=owner, role=Membership.Role.MEMBER)


def _ban(club, owner, manager):
    services.membership_ban(membership=m(club, manager), actor=owner, reason="rude")


def _leave(club, owner, manager):
    services.membership_leave(club=club, user=manager)


def _switch_off(club, owner, manager):
    manager.is_active = False
    manager.save()


@pytest.fixture
def secret(make_club, owner, manager) -> Club:
    club = make_club(owner, "Back Room", join_policy=Club.JoinPolicy.INVITE)
    invite = services.invite_create(club=club, actor=owner)
    services.invite_accept(code=invite.code, user=manager)
    services.membership_set_role(membership=m(club, manager), actor=owner, role=Membership.Role.MANAGER)
    return club


def _section(page: str) -> str:
    return page.split('id="invites"', 1)[1].split("</section>", 1)[0]


WAYS = [_demote, _ban, _leave, _switch_off]


@pytest.mark.parametrize("gone", WAYS, ids=["demoted", "banned", "left", "off"])
def test_a_link_stops_when_its_maker_no_longer_manages(secret, owner, manager, stranger, gone):
    his = services.invite_create(club=secret, actor=manager, max_uses=5)
    mine = services.invite_create(club=secret, actor=owner, max_uses=5)
    gone(secret, owner, manager)

    # The person holding his link is told why, in his language, before and when he presses Join.
    for language, words in GONE.items():
        client = client_for(stranger)
        client.cookies["django_language"] = language
        page = html_lib.unescape(client.get(his.get_absolute_url()).content.decode())
        assert words in page, language
        assert "Join the club" not in page or language != "en"
    answer = client_for(stranger).post(his.get_absolute_url(), follow=True)
    assert GONE["en"] in html_lib.unescape(answer.content.decode())
    with pytest.raises(ServiceError) as refused:
        services.invite_accept(code=his.code, user=stranger)
    assert refused.value.code == "invite_maker_gone"
    assert not Membership.objects.filter(club=secret, user=stranger).exists()
    his.refresh_from_db()
    assert his.uses == 0 and not his.is_usable

    # The owner's page: his link is listed as stopped, named, not offered for copying, not counted.
    page = html_lib.unescape(client_for(owner).get(secret.get_absolute_url()).content.decode())
    invites = _section(page)
    assert f"/invite/{mine.code}/" in invites and f"/invite/{his.code}/" not in invites
    assert "Stopped working: Misha (@misha) made it and no longer manages the club." in invites
    assert "1 invite link in use" in invites
    assert len(re.findall(r"/invites/\d+/revoke/", invites)) == 2  # both may be withdrawn
    services.invite_revoke(invite=his, actor=owner)
    after = client_for(owner).get(secret.get_absolute_url()).content.decode()
    assert "Stopped working" not in _section(after)

    # The owner's own link still lets people in.
    services.invite_accept(code=mine.code, user=stranger)
    assert m(secret, stranger).is_active


def test_the_owners_and_a_managers_links_go_on_working(secret, owner, manager, make_user):
    his = services.invite_create(club=secret, actor=manager)
    mine = services.invite_create(club=secret, actor=owner)
    # Handing the club over keeps both makers managers: their links work.
    services.club_hand_over(membership=m(secret, manager), actor=owner)
    services.invite_accept(code=his.code, user=make_user("first"))
    services.invite_accept(code=mine.code, user=make_user("second"))
    assert Membership.objects.filter(club=secret, status="active").count() == 4


def test_an_operators_link_works_while_he_is_one(secret, root, stranger, make_user):
    link = services.invite_create(club=secret, actor=root, max_uses=2)
    services.invite_accept(code=link.code, user=stranger)
    root.is_superuser = False
    root.save()
    with pytest.raises(ServiceError) as refused:
        services.invite_accept(code=link.code, user=make_user("late"))
    assert refused.value.code == "invite_maker_gone"


def test_the_ru_and_bg_list_notes(secret, owner, manager):
    services.invite_create(club=secret, actor=manager)
    _demote(secret, owner, manager)
    notes = {
        "ru": "Больше не действует: автор ссылки, Misha (@misha), больше не управляет клубом.",
        "bg": "Спря да работи: създателят на линка, Misha (@misha), вече не управлява клуба.",
    }
    for language, words in notes.items():
        client = client_for(owner)
        client.cookies["django_language"] = language
        assert words in html_lib.unescape(client.get(secret.get_absolute_url()).content.decode())


def test_a_manager_is_told_before_leaving_that_his_links_stop(secret, manager, member, owner):
    words = {
        "en": "You are one of the club's managers: leaving ends that (if you come back, you are a plain "
        "member), and the invite links you made stop working.",
        "ru": "Вы один из менеджеров клуба: с выходом это заканчивается",
        "bg": "Вие сте един от мениджърите на клуба: с напускането това приключва",
    }
    for language, said in words.items():
        # The leave page, and the club page's box, which fetches the page's part with htmx when opened.
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            client = client_for(manager)
            client.cookies["django_language"] = language
            page = client.get(f"{secret.get_absolute_url()}leave/", **headers).content.decode()
            assert said in html_lib.unescape(page), (language, headers)
    services.membership_set_role(membership=m(secret, manager), actor=owner, role=Membership.Role.MEMBER)
    page = html_lib.unescape(client_for(manager).get(f"{secret.get_absolute_url()}leave/").content.decode())
    assert "invite links you made" not in page
