"""Review 103: the operator's edit of a club (admin, Clubs) is checked on the form against what it was
opened with, and again by ``club_update`` under the club's lock. A change the owner saved between the
two (his settings page, the same moment) was refused by the second, and the operator read that
refusal in red above Django's green "The club ... was changed successfully.", and the club's history
recorded a change that was never made. The refusal is now said alone, over the page shown again with
what is stored, and nothing is written or recorded. Found by saving the owner's change between the
two checks."""

from __future__ import annotations

import pytest
from django.contrib.admin.models import LogEntry
from django.urls import reverse

from club import admin as club_admin
from club.models import AuditLog, Club

from .conftest import client_for

pytestmark = pytest.mark.django_db


def _form(client, club: Club, **changes: str) -> dict[str, str]:
    """The change page's form as the operator opened it, with his changes."""
    page = client.get(reverse("admin:club_club_change", args=[club.pk]))
    form = page.context["adminform"].form
    values = {name: form[name].value() for name in form.fields}
    return {key: "" if value is None else str(value) for key, value in {**values, **changes}.items()}


@pytest.fixture
def owner_saves_meanwhile(monkeypatch, club):
    """The owner's own save of a new description commits after the operator's form was checked and
    before the operator's change is written."""
    checked = club_admin.ClubAdminForm.clean

    def clean(form):
        cleaned = checked(form)
        Club.objects.filter(pk=club.pk).update(description="The owner's words")
        return cleaned

    monkeypatch.setattr(club_admin.ClubAdminForm, "clean", clean)


def test_a_change_saved_meanwhile_is_refused_on_the_form(root, club, owner_saves_meanwhile) -> None:
    client = client_for(root)
    data = _form(client, club, description="The operator's words")
    logged = LogEntry.objects.count()
    audited = AuditLog.objects.filter(action="club.updated").count()
    response = client.post(reverse("admin:club_club_change", args=[club.pk]), data, follow=True)
    html = response.content.decode()
    assert "Someone else changed this club" in html
    assert "was changed successfully" not in html
    club.refresh_from_db()
    assert club.description == "The owner's words"
    assert LogEntry.objects.count() == logged  # the history records no change
    # The page read again shows what is stored.
    assert response.context["adminform"].form["description"].value() == "The owner's words"
    assert AuditLog.objects.filter(action="club.updated").count() == audited


def test_a_plain_change_is_still_saved_and_recorded(root, club) -> None:
    client = client_for(root)
    data = _form(client, club, name="Open Table Two")
    response = client.post(reverse("admin:club_club_change", args=[club.pk]), data, follow=True)
    assert "was changed successfully" in response.content.decode()
    club.refresh_from_db()
    assert club.name == "Open Table Two"
    assert LogEntry.objects.filter(object_id=str(club.pk)).count() == 1
