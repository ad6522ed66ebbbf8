"""Review 113: the operators' change page of a person (admin, Users) kept the person's own fields and
the operators' flags as stored when left as found (reviews 99 and 103), but sent his groups, his own
permissions and his first and last name back as they were when it was opened: a group or permission
taken away by another operator meanwhile was given back by an unrelated save of a page opened
before, and one given was taken away. Those fields now keep what is stored when left as found; one
changed on both sides is refused, saying what it is now. The form is sent as the page holds it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission
from django.utils import timezone

from club.models import User

from .conftest import logged_in
from .page_form import form_sent

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def opened(client, user: User) -> dict[str, list[str]]:
    page = client.get(f"/admin/club/user/{user.pk}/change/")
    assert page.status_code == 200
    data = form_sent(page.content.decode(), "user_form")
    assert "username" in data
    return data


def save(client, user: User, data: dict[str, list[str]]):
    return client.post(f"/admin/club/user/{user.pk}/change/", data)


@pytest.fixture
def cheats() -> Group:
    return Group.objects.create(name="cheat watchers")


@pytest.fixture
def scribes() -> Group:
    return Group.objects.create(name="scribes")


def test_a_group_taken_meanwhile_is_not_given_back(root, make_user, cheats) -> None:
    vera = make_user("vera", display_name="Vera")
    vera.groups.add(cheats)
    client = logged_in(root)
    sent = opened(client, vera)
    vera.groups.remove(cheats)  # another operator, meanwhile
    response = save(client, vera, {**sent, "email": ["vera.fixed@example.org"]})
    assert response.status_code == 302, response.content.decode()[-3000:]
    vera.refresh_from_db()
    assert vera.email == "vera.fixed@example.org"
    assert list(vera.groups.all()) == []


def test_a_group_given_meanwhile_is_not_taken_away(root, make_user, cheats) -> None:
    vera = make_user("vera", display_name="Vera")
    client = logged_in(root)
    sent = opened(client, vera)
    vera.groups.add(cheats)
    response = save(client, vera, {**sent, "display_name": ["Vera P."]})
    assert response.status_code == 302, response.content.decode()[-3000:]
    vera.refresh_from_db()
    assert vera.display_name == "Vera P."
    assert list(vera.groups.all()) == [cheats]


def test_a_permission_taken_meanwhile_is_not_given_back(root, make_user) -> None:
    vera = make_user("vera", display_name="Vera")
    power = Permission.objects.get(codename="change_user")
    vera.user_permissions.add(power)
    client = logged_in(root)
    sent = opened(client, vera)
    vera.user_permissions.remove(power)
    response = save(client, vera, {**sent, "email": ["vera.fixed@example.org"]})
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert not User.objects.get(pk=vera.pk).user_permissions.exists()


def test_names_changed_meanwhile_are_kept(root, make_user) -> None:
    vera = make_user("vera", display_name="Vera", first_name="Vera", last_name="Petrova")
    client = logged_in(root)
    sent = opened(client, vera)
    User.objects.filter(pk=vera.pk).update(first_name="Veronika", last_name="Ivanova")
    response = save(client, vera, {**sent, "email": ["vera.fixed@example.org"]})
    assert response.status_code == 302, response.content.decode()[-3000:]
    vera.refresh_from_db()
    assert (vera.first_name, vera.last_name) == ("Veronika", "Ivanova")


def test_groups_changed_on_both_sides_are_refused(root, make_user, cheats, scribes) -> None:
    vera = make_user("vera", display_name="Vera")
    client = logged_in(root)
    sent = opened(client, vera)
    vera.groups.add(cheats)
    response = save(client, vera, {**sent, "groups": [str(scribes.pk)]})
    assert response.status_code == 200
    html = response.content.decode()
    assert "meanwhile" in html and "cheat watchers" in html
    assert list(vera.groups.all()) == [cheats]
    # Sent again after reading it, the operator's choice is written.
    again = save(client, vera, {**form_sent(html, "user_form"), "groups": [str(scribes.pk)]})
    assert again.status_code == 302, again.content.decode()[-3000:]
    assert list(vera.groups.all()) == [scribes]


def test_the_operators_own_group_change_is_made(root, make_user, cheats, scribes) -> None:
    vera = make_user("vera", display_name="Vera")
    vera.groups.add(cheats)
    client = logged_in(root)
    sent = opened(client, vera)
    response = save(client, vera, {**sent, "groups": [str(scribes.pk)]})
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert list(vera.groups.all()) == [scribes]
    response = save(client, vera, {**opened(client, vera), "groups": []})
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert list(vera.groups.all()) == []


def test_a_login_meanwhile_is_not_put_back(root, make_user) -> None:
    """The last log-in is part of a password-reset link's hash: put back to what it was before, a link
    that a log-in had spent worked again."""
    vera = make_user("vera", display_name="Vera")
    client = logged_in(root)
    sent = opened(client, vera)
    now = timezone.now().replace(microsecond=0)
    User.objects.filter(pk=vera.pk).update(last_login=now)
    response = save(client, vera, {**sent, "email": ["vera.fixed@example.org"]})
    assert response.status_code == 302, response.content.decode()[-3000:]
    vera.refresh_from_db()
    assert vera.last_login == now
