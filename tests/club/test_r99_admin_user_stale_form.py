"""Review 99: an operator's change page of a user (Users, in the admin) sent every field back as it
was when he opened it. A person who changed his email address (his old mailbox lost), display name,
language or time zone meanwhile had it quietly put back by the operator's unrelated save (making him
staff, switching him off): password resets went to the old mailbox again, and the club saw the old
name. A field the operator left as he found it now keeps what is stored; one both changed is refused
on the form, saying what it is now."""

from __future__ import annotations

import pytest

from club.models import User

from .conftest import logged_in

pytestmark = pytest.mark.django_db


def _opened(user: User) -> dict:
    """The change form as the operator's page sends it, opened now."""
    joined = user.date_joined
    data = {
        "username": user.username,
        "email": user.email,
        "display_name": user.display_name,
        "preferred_language": user.preferred_language,
        "time_zone": user.time_zone,
        "is_active": "on",
        "date_joined_0": joined.strftime("%Y-%m-%d"),
        "date_joined_1": joined.strftime("%H:%M:%S"),
    }
    for name in ("email", "display_name", "preferred_language", "time_zone"):
        data[f"initial-{name}"] = data[name]
    return data


def test_the_page_carries_what_it_was_opened_with(root, make_user):
    vera = make_user("vera", display_name="Vera")
    page = logged_in(root).get(f"/admin/club/user/{vera.pk}/change/").content.decode()
    for name in ("email", "display_name", "preferred_language", "time_zone"):
        assert f'name="initial-{name}"' in page, name


def test_an_operators_save_keeps_what_the_person_changed_meanwhile(root, make_user):
    vera = make_user("vera", display_name="Vera")
    sent = _opened(vera)
    User.objects.filter(pk=vera.pk).update(
        email="vera.new@example.org",
        display_name="Verochka",
        preferred_language="bg",
        time_zone="Europe/Sofia",
    )
    response = logged_in(root).post(f"/admin/club/user/{vera.pk}/change/", {**sent, "is_staff": "on"})
    assert response.status_code == 302, response.content.decode()[-3000:]
    vera.refresh_from_db()
    assert vera.is_staff
    assert (vera.email, vera.display_name, vera.preferred_language, vera.time_zone) == (
        "vera.new@example.org",
        "Verochka",
        "bg",
        "Europe/Sofia",
    )


def test_a_field_both_changed_is_refused_saying_what_it_is_now(root, make_user):
    vera = make_user("vera", display_name="Vera")
    sent = _opened(vera)
    User.objects.filter(pk=vera.pk).update(display_name="Verochka")
    response = logged_in(root).post(f"/admin/club/user/{vera.pk}/change/", {**sent, "display_name": "Vera P"})
    assert response.status_code == 200
    assert "Verochka" in response.content.decode() and "meanwhile" in response.content.decode()
    vera.refresh_from_db()
    assert vera.display_name == "Verochka"


def test_an_operators_own_change_is_made(root, make_user):
    vera = make_user("vera", display_name="Vera")
    sent = _opened(vera)
    response = logged_in(root).post(
        f"/admin/club/user/{vera.pk}/change/", {**sent, "display_name": "Vera P", "email": "vp@example.org"}
    )
    assert response.status_code == 302
    vera.refresh_from_db()
    assert (vera.display_name, vera.email) == ("Vera P", "vp@example.org")
