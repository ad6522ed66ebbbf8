"""A club's settings form opened before someone else changed the club (the owner in another tab,
the site's operator in the admin) does not quietly undo that change when it is sent: a field its
sender left alone keeps what is stored now, a field both changed is refused (review 9)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from club.models import Club

from .conftest import client_for

pytestmark = pytest.mark.django_db


def _fields(html: str) -> dict[str, str]:
    """The form's fields as the browser would send them back untouched."""
    values: dict[str, str] = {}
    for tag in re.findall(r"<input[^>]*>", html):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if not name or name.group(1) == "csrfmiddlewaretoken":
            continue
        if 'type="radio"' in tag and "checked" not in tag:
            continue
        values[name.group(1)] = value.group(1) if value else ""
    for name, options in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', html, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', options)
        values[name] = chosen.group(1) if chosen else ""
    for name, text in re.findall(r'<textarea[^>]*name="([^"]+)"[^>]*>(.*?)</textarea>', html, re.S):
        values[name] = text.strip()
    return {k: v.replace("&quot;", '"').replace("&amp;", "&") for k, v in values.items()}


def test_the_owners_stale_settings_page_keeps_a_change_made_meanwhile(owner, club):
    client = client_for(owner)
    url = reverse("club_settings", args=[club.slug])
    opened = _fields(client.get(url).content.decode())
    assert opened["join_policy"] == "open"
    # Meanwhile (another tab, the admin) the club became by approval only.
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.APPROVAL)
    # The old page changes the description only.
    response = client.post(url, {**opened, "description": "Tuesdays at eight"})
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.description == "Tuesdays at eight"
    assert club.join_policy == Club.JoinPolicy.APPROVAL


def test_the_same_field_changed_by_two_is_refused_and_nothing_saved(owner, club):
    client = client_for(owner)
    url = reverse("club_settings", args=[club.slug])
    opened = _fields(client.get(url).content.decode())
    Club.objects.filter(pk=club.pk).update(grant_limit=777)
    response = client.post(url, {**opened, "grant_limit": "300", "description": "new"}, follow=True)
    club.refresh_from_db()
    assert club.grant_limit == 777 and club.description != "new"
    assert "Someone else changed" in response.content.decode()


def test_the_admins_stale_change_form_keeps_the_owners_change(make_user, owner, club):
    root = make_user("root", is_staff=True, is_superuser=True)
    client = client_for(root)
    url = reverse("admin:club_club_change", args=[club.pk])
    opened = _fields(client.get(url).content.decode())
    assert "loaded" in opened
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.INVITE, four_eyes_above=10)
    response = client.post(url, {**opened, "name": "Open Table Renamed", "_save": "Save"})
    assert response.status_code == 302, response.content.decode()[:3000]
    club.refresh_from_db()
    assert club.name == "Open Table Renamed"
    assert club.join_policy == Club.JoinPolicy.INVITE and club.four_eyes_above == 10


def test_a_form_without_the_loaded_values_writes_every_field_as_before(owner, club):
    client = client_for(owner)
    url = reverse("club_settings", args=[club.slug])
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.APPROVAL)
    client.post(url, {"description": "x", "join_policy": "open"})
    club.refresh_from_db()
    assert club.join_policy == Club.JoinPolicy.OPEN


@pytest.mark.parametrize("loaded", ["{", "[1]", '{"slug": "x"}', '{"grant_limit": [1]}'])
def test_damaged_loaded_values_are_refused(owner, club, loaded):
    client = client_for(owner)
    url = reverse("club_settings", args=[club.slug])
    response = client.post(url, {"description": "x", "join_policy": "open", "loaded": loaded})
    assert response.status_code == 200 and "damaged" in response.content.decode()
    club.refresh_from_db()
    assert club.description != "x"


def test_the_admin_says_a_clash_on_the_form_and_saves_nothing(make_user, owner, club):
    root = make_user("root", is_staff=True, is_superuser=True)
    client = client_for(root)
    url = reverse("admin:club_club_change", args=[club.pk])
    opened = _fields(client.get(url).content.decode())
    Club.objects.filter(pk=club.pk).update(four_eyes_above=10)
    response = client.post(url, {**opened, "four_eyes_above": "20", "name": "Renamed", "_save": "Save"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Someone else changed" in page and "successfully" not in page
    club.refresh_from_db()
    assert club.four_eyes_above == 10 and club.name == "Open Table"
