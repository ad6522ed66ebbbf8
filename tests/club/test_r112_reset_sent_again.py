"""Review 112: the new password of a reset link sent again (a double click on "Set the password", a
browser's retry after a lost answer) was answered "The password reset link is invalid, possibly
because it has already been used": the first copy had set it and used the link up. The person read
that his new password was not set, and asked for another link. The same session sending the same
new password again, moments later, goes to the page that says it is done; anyone else, or another
password, still reads that the link no longer works."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

pytestmark = pytest.mark.django_db

NEW = "Another-long-pass-77"
USED = "The password reset link is invalid"


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    yield
    timezone.deactivate()


@pytest.fixture
def reset(make_user):
    """A client that opened vera's reset link, and the address it was sent on to."""
    vera = make_user("vera")
    uid = urlsafe_base64_encode(force_bytes(vera.pk))
    client = Client()
    token = default_token_generator.make_token(vera)
    opened = client.get(reverse("password_reset_confirm", args=[uid, token]))
    assert opened.status_code == 302
    return vera, client, opened["Location"]


def test_the_same_password_sent_again_is_said_done(reset):
    vera, client, address = reset
    form = {"new_password1": NEW, "new_password2": NEW}
    first = client.post(address, form)
    assert first.status_code == 302 and first["Location"] == reverse("password_reset_complete")
    again = client.post(address, form)
    assert again.status_code == 302 and again["Location"] == reverse("password_reset_complete")
    vera.refresh_from_db()
    assert vera.check_password(NEW)


def test_another_password_or_another_browser_is_told_the_link_is_used(reset):
    vera, client, address = reset
    client.post(address, {"new_password1": NEW, "new_password2": NEW})
    third = "Third-long-pass-99"
    other = client.post(address, {"new_password1": third, "new_password2": third})
    assert other.status_code == 200 and USED in other.content.decode()
    stranger = Client().post(address, {"new_password1": NEW, "new_password2": NEW})
    assert stranger.status_code == 200 and USED in stranger.content.decode()
    vera.refresh_from_db()
    assert vera.check_password(NEW)
