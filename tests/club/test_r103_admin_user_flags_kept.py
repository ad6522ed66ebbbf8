"""Review 103: the operators' change page of a person (admin, Users) keeps what the person changed on
his profile meanwhile (review 99), but sent the operators' own fields back as they were when it was
opened: another operator's switching the account off (a cheat shut out), taking its staff status
away or renaming it was quietly put back by an unrelated save of a page opened before, and the
account was on again. Those fields now keep what is stored when left as found; one changed on both
sides is refused on the form, saying what it is now. Found as two operators at once."""

from __future__ import annotations

import pytest

from club.models import User

from .conftest import logged_in

pytestmark = pytest.mark.django_db

FLAGS = ("is_active", "is_staff", "is_superuser")


def _opened(user: User) -> dict:
    """The change form as the operator's page sends it, opened now (ticked boxes send "on")."""
    joined = user.date_joined
    data = {
        "username": user.username,
        "email": user.email,
        "display_name": user.display_name,
        "preferred_language": user.preferred_language,
        "time_zone": user.time_zone,
        "date_joined_0": joined.strftime("%Y-%m-%d"),
        "date_joined_1": joined.strftime("%H:%M:%S"),
    }
    for name in ("username", "email", "display_name", "preferred_language", "time_zone"):
        data[f"initial-{name}"] = data[name]
    for name in FLAGS:
        if getattr(user, name):
            data[name] = "on"
        data[f"initial-{name}"] = str(getattr(user, name))
    return data


def test_the_page_carries_the_flags_and_the_username_it_was_opened_with(root, make_user) -> None:
    vera = make_user("vera", display_name="Vera")
    page = logged_in(root).get(f"/admin/club/user/{vera.pk}/change/").content.decode()
    for name in ("username", *FLAGS):
        assert f'name="initial-{name}"' in page, name


def test_an_account_switched_off_meanwhile_stays_off(root, make_user) -> None:
    vera = make_user("vera", display_name="Vera")
    sent = _opened(vera)
    # Another operator switches the account off and renames it while this page is open.
    User.objects.filter(pk=vera.pk).update(is_active=False, username="vera_cheat")
    response = logged_in(root).post(
        f"/admin/club/user/{vera.pk}/change/", {**sent, "email": "vera.fixed@example.org"}
    )
    assert response.status_code == 302, response.content.decode()[-3000:]
    vera.refresh_from_db()
    assert vera.email == "vera.fixed@example.org"
    assert not vera.is_active
    assert vera.username == "vera_cheat"


def test_staff_status_taken_meanwhile_is_not_given_back(root, make_user) -> None:
    boris = make_user("boris", is_staff=True)
    sent = _opened(boris)
    User.objects.filter(pk=boris.pk).update(is_staff=False)
    response = logged_in(root).post(f"/admin/club/user/{boris.pk}/change/", {**sent, "display_name": "Boris"})
    assert response.status_code == 302, response.content.decode()[-3000:]
    boris.refresh_from_db()
    assert (boris.display_name, boris.is_staff) == ("Boris", False)


def test_a_rename_on_both_sides_is_refused_saying_what_it_is_now(root, make_user) -> None:
    vera = make_user("vera", display_name="Vera")
    sent = _opened(vera)
    User.objects.filter(pk=vera.pk).update(username="vera_cheat")
    response = logged_in(root).post(f"/admin/club/user/{vera.pk}/change/", {**sent, "username": "vera_two"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "meanwhile" in html and "vera_cheat" in html
    vera.refresh_from_db()
    assert vera.username == "vera_cheat"


def test_an_operators_own_switch_off_is_made(root, make_user) -> None:
    vera = make_user("vera", display_name="Vera")
    sent = _opened(vera)
    sent.pop("is_active")
    response = logged_in(root).post(f"/admin/club/user/{vera.pk}/change/", sent)
    assert response.status_code == 302, response.content.decode()[-3000:]
    vera.refresh_from_db()
    assert not vera.is_active
