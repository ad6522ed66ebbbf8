"""Review 49: a logged-in person's pages (My chips, his profile, a club's members and invite links,
the statement's CSV) went out with no Cache-Control at all. On a shared computer the next person
pressed Back after the log-out and read them again from the browser's cache (and any cache on the
way could keep them). A page drawn for a logged-in person is now never stored; pages for nobody in
particular (the rules, the home page of a stranger, static files) keep theirs."""

from __future__ import annotations

import pytest
from django.urls import reverse

from .conftest import client_for

pytestmark = pytest.mark.django_db


def _not_stored(response) -> bool:
    words = {part.strip().lower() for part in response.get("Cache-Control", "").split(",")}
    return {"no-store", "private"} <= words


def test_every_page_of_a_logged_in_member_is_not_stored(club, member, owner):
    pages = [
        (member, reverse("home")),
        (member, reverse("profile")),
        (member, club.get_absolute_url()),
        (member, reverse("ledger_my_chips", args=[club.slug])),
        (member, reverse("ledger_statement_csv", args=[club.slug])),
        (owner, club.get_absolute_url()),
        (owner, reverse("club_settings", args=[club.slug])),
        (owner, reverse("admin:index")),
    ]
    for user, url in pages:
        response = client_for(user).get(url)
        assert response.status_code == 200, url
        assert _not_stored(response), (url, response.get("Cache-Control"))


def test_an_htmx_part_for_a_member_is_not_stored(club, member):
    client = client_for(member)
    part = client.get(reverse("ledger_my_chips", args=[club.slug]) + "?before=1", HTTP_HX_REQUEST="true")
    assert part.status_code == 200
    assert _not_stored(part)


def test_a_strangers_public_page_keeps_its_own_headers():
    from django.test import Client

    response = Client().get("/rules/")
    assert response.status_code == 200
    assert "no-store" not in response.get("Cache-Control", "")


def test_every_page_with_a_password_field_is_not_stored():
    """The registration page was kept whole by the browser, the passwords typed in it too: the next
    person at a shared computer pressed Back to them (tests/e2e/test_review49_back_after_log_out.py).
    Django's log-in and new-password pages were never stored; the site's registration now is not."""
    from django.test import Client

    for url in (reverse("register"), reverse("login"), reverse("password_reset")):
        response = Client().get(url)
        assert response.status_code == 200, url
        assert "no-store" in response.get("Cache-Control", ""), (url, response.get("Cache-Control"))


def test_registration_passwords_stay_out_of_error_reports(rf):
    """Were the registration to fail, the error report (a mail to the admins, a log) would not
    carry the passwords typed."""
    from django.views.debug import SafeExceptionReporterFilter

    from club.views import register

    data = {"username": "x", "password1": "secret-1", "password2": "secret-1"}
    request = rf.post(reverse("register"), data)
    # No session or user on a bare request: the view fails at once, after the decorator marked it.
    with pytest.raises(AttributeError):
        register(request)
    cleansed = SafeExceptionReporterFilter().get_post_parameters(request)
    assert cleansed["username"] == "x"
    assert "secret-1" not in (cleansed["password1"], cleansed["password2"])


def test_the_profiles_current_password_stays_out_of_error_reports(rf):
    """The profile asks for the current password to change the email address: an error report of
    that request (a mail to the admins) carried it in the clear, as Django's own password pages
    never do."""
    from django.views.debug import SafeExceptionReporterFilter

    from club.views import profile

    request = rf.post(reverse("profile"), {"email": "x@example.org", "current_password": "secret-2"})
    with pytest.raises(AttributeError):
        profile(request)
    cleansed = SafeExceptionReporterFilter().get_post_parameters(request)
    assert cleansed["email"] == "x@example.org"
    assert cleansed["current_password"] != "secret-2"


def test_the_password_reset_form_is_not_stored(client):
    """Back on a shared computer showed the next person the address typed to ask for a reset
    (review 49's note), as the register page showed its passwords."""
    for response in (
        client.get(reverse("password_reset")),
        client.post(reverse("password_reset"), {"email": "not an address"}),
    ):
        assert response.status_code == 200
        assert "no-store" in response.get("Cache-Control", ""), response.get("Cache-Control")
