"""Review 21: a display name that reads like a clubmate's is refused, but clearing one was not
checked. Someone whose username is "vera" joined a club as "Bob", then emptied his display name in
the profile: from then on the club showed him as "vera" beside its member "Vera", exactly the
look-alike the check keeps out."""

from __future__ import annotations

from django.urls import reverse
from django.utils import translation

from club import services
from club.models import User, shown_name_clashes_in_club

from .conftest import client_for


def _profile(user: User, display_name: str) -> dict[str, str]:
    return {"display_name": display_name, "email": user.email, "preferred_language": "", "time_zone": "UTC"}


def test_clearing_the_display_name_cannot_show_a_clubmates_name(make_user, make_club):
    owner = make_user("olga")
    club = make_club(owner, "Look-alikes")
    vera = make_user("x1", display_name="Vera")
    bob = make_user("vera", display_name="Bob")
    services.membership_join(club=club, user=vera)
    services.membership_join(club=club, user=bob)
    client = client_for(bob)

    response = client.post(reverse("profile"), _profile(bob, ""), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "Without a display name you are shown by your username" in response.content.decode()
    assert User.objects.get(pk=bob.pk).shown_name == "Bob"

    # In the reader's language.
    response = client.post(reverse("profile"), _profile(bob, ""), HTTP_ACCEPT_LANGUAGE="bg")
    assert "Без показвано име ви виждат с потребителското ви име" in response.content.decode()
    translation.deactivate()

    # A name typed in is refused as before.
    response = client.post(reverse("profile"), _profile(bob, "VERA"))
    assert response.status_code == 200
    assert User.objects.get(pk=bob.pk).shown_name == "Bob"


def test_clearing_is_fine_where_the_username_is_nobody_elses(make_user, make_club):
    owner = make_user("olga")
    club = make_club(owner, "Look-alikes")
    vera = make_user("x1", display_name="Vera")
    gleb = make_user("gleb", display_name="Gleb G.")
    services.membership_join(club=club, user=vera)
    services.membership_join(club=club, user=gleb)
    client = client_for(gleb)
    response = client.post(reverse("profile"), _profile(gleb, ""))
    assert response.status_code == 302
    assert User.objects.get(pk=gleb.pk).shown_name == "gleb"
    # A name kept as it was (empty) saves again, the language changed.
    response = client.post(reverse("profile"), {**_profile(gleb, ""), "preferred_language": "ru"})
    assert response.status_code == 302


def test_someone_shown_by_a_look_alike_username_before_may_still_save(make_user, make_club):
    """A clash from before the check (no display name, and a clubmate took "Vera" in the admin)
    does not lock him out of his profile: only a change of the name is checked."""
    owner = make_user("olga")
    club = make_club(owner, "Look-alikes")
    bob = make_user("vera")
    vera = make_user("x1")
    services.membership_join(club=club, user=bob)
    services.membership_join(club=club, user=vera)
    vera.display_name = "Vera"
    vera.save()  # as the admin saves it, without the profile's check
    assert shown_name_clashes_in_club(bob, club.pk)
    response = client_for(bob).post(reverse("profile"), {**_profile(bob, ""), "time_zone": "Europe/Sofia"})
    assert response.status_code == 302
    assert User.objects.get(pk=bob.pk).time_zone == "Europe/Sofia"
