"""Security review: cross-club access through the admin, leaks of invite codes and club names, and
bad input that must get a clear answer instead of a server error."""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType
from django.urls import reverse

from club import services
from club.models import Club, Invite

from .conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def secret_invite(make_club, make_user) -> Invite:
    """An invite-only club of someone else, with an invite link in use."""
    boris = make_user("boris")
    secret = make_club(boris, "Hidden Cellar", join_policy=Club.JoinPolicy.INVITE)
    return services.invite_create(club=secret, actor=boris)


def test_admin_view_on_site_does_not_hand_out_another_clubs_invite_code(club, owner, secret_invite):
    """Any owner (anyone can create a club) may use the admin; its "view on site" shortcut must not
    redirect him to the invite link of a club he does not manage."""
    ct = ContentType.objects.get_for_model(Invite)
    url = reverse("admin:view_on_site", args=[ct.pk, secret_invite.pk])
    response = client_for(owner).get(url)
    assert response.status_code in (403, 404)
    assert secret_invite.code not in response.get("Location", "")


def test_admin_view_on_site_still_works_for_own_club(club, owner):
    invite = services.invite_create(club=club, actor=owner)
    ct = ContentType.objects.get_for_model(Invite)
    response = client_for(owner).get(reverse("admin:view_on_site", args=[ct.pk, invite.pk]))
    assert response.status_code == 302
    assert response["Location"].endswith(invite.get_absolute_url())


def test_admin_view_on_site_with_garbage_ids_is_a_404(club, owner):
    client = client_for(owner)
    assert client.get("/admin/r/abc/1/").status_code == 404
    ct = ContentType.objects.get_for_model(Invite)
    assert client.get(f"/admin/r/{ct.pk}/999999/").status_code == 404
    assert client.get(f"/admin/r/{ct.pk}/x/").status_code == 404


def test_invite_page_for_unauthenticated_post_keeps_the_code_in_next(invite_club, owner):
    invite = services.invite_create(club=invite_club, actor=owner)
    response = client_for(None).post(invite.get_absolute_url())
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_seed_demo_refuses_to_run_with_debug_off(settings):
    """The demo seeds a superuser whose password is printed in the source: never on a real site."""
    from django.core.management import CommandError, call_command

    from club.models import User

    settings.DEBUG = False
    with pytest.raises(CommandError):
        call_command("seed_demo")
    assert not User.objects.filter(username="admin").exists()
