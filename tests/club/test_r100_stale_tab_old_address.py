"""Review 100: a stale profile tab still checked the address it was opened with. Vera moved to a new
address in another tab, someone registered her old one, and her stale tab's save of a time zone (the
address left untouched, so kept as stored) was refused with 'Another account already uses this email
address' of an address she no longer used; with the network's 'taken' answers used up it was refused
as too many address checks. A field left as found is checked as what is stored."""

from __future__ import annotations

from django.test import override_settings
from django.urls import reverse

from club.models import User

from .conftest import client_for
from .test_r99_profile_stale_tab import _opened


def _moved_and_taken(make_user) -> tuple[User, dict[str, str]]:
    vera = make_user("vera", display_name="Vera")
    sent = _opened(vera)
    User.objects.filter(pk=vera.pk).update(email="vera.new@example.org")
    make_user("gleb", email=sent["email"])
    return vera, sent


def test_the_old_address_of_a_stale_tab_is_not_checked(make_user):
    vera, sent = _moved_and_taken(make_user)
    response = client_for(vera).post(reverse("profile"), {**sent, "time_zone": "Europe/Sofia"})
    assert response.status_code == 302, response.content.decode()[-3000:]
    vera.refresh_from_db()
    assert (vera.email, vera.time_zone) == ("vera.new@example.org", "Europe/Sofia")


@override_settings(EMAIL_TAKEN_ANSWERS_PER_NETWORK=0)
def test_no_address_check_is_counted_for_it(make_user):
    vera, sent = _moved_and_taken(make_user)
    response = client_for(vera).post(reverse("profile"), {**sent, "time_zone": "Europe/Sofia"})
    assert response.status_code == 302
    assert User.objects.get(pk=vera.pk).time_zone == "Europe/Sofia"
