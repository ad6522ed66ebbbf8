"""Review 74: a club's page for a manager with a screen reader. Each request to join had its own
"Approve" and "Refuse", each member his "Make manager", "Ban…", "Suspend from tables…", each banned
one his "Lift the ban": a list of the page's buttons (how a screen-reader user finds them) read
"Одобрить, Одобрить, Одобрить" with nothing to say whom each was for. Each names its member now."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import Browser, expect

from club import services as club_services
from club.models import Club, Membership, User

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _user(name: str) -> User:
    return User.objects.create_user(
        name, email=f"{name}@example.org", password=None, display_name=name.capitalize()
    )


def test_every_member_button_says_whom_it_is_for(live_server, browser: Browser) -> None:
    olga = _user("olga")
    club = club_services.club_create(user=olga, name="Вечерний храп")
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.APPROVAL)
    club.refresh_from_db()
    for name in ("vera", "gleb"):
        club_services.membership_join(club=club, user=_user(name))  # waits for approval
    for name in ("dasha", "ivan"):
        user = _user(name)
        club_services.membership_join(club=club, user=user)
        Membership.objects.filter(club=club, user=user).update(status=Membership.Status.ACTIVE)
    client = Client()
    client.force_login(olga, backend="django.contrib.auth.backends.ModelBackend")
    context = browser.new_context()
    context.add_cookies(
        [
            {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url},
            {"name": "django_language", "value": "ru", "url": live_server.url},
        ]
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    people = page.locator("#people")
    for name, username in (("Vera", "vera"), ("Gleb", "gleb")):
        for action in ("Принять", "Отклонить"):
            expect(
                people.get_by_role("button", name=f"{action} {name} (@{username})", exact=True)
            ).to_have_count(1)
    for name, username in (("Dasha", "dasha"), ("Ivan", "ivan")):
        who = f"{name} (@{username})"
        expect(people.get_by_role("button", name=f"Сделать менеджером {who}", exact=True)).to_have_count(1)
        ban = people.locator("summary", has_text=f"Заблокировать… {who}")
        expect(ban).to_have_count(1)
        ban.click()
        expect(people.get_by_role("button", name=f"Заблокировать {who}", exact=True)).to_be_visible()
