"""The start of a new table, and of a table moved in the admin, is read in the reader's time zone:
the help said "In your time zone" and named none, so one who never chose a zone (UTC) was not told
(review 103's left-out). It names the zone now, in every language."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone, translation

from club.models import User

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _zone_put_back():
    """The test client runs the site's middleware in this thread: the zone it activates for the
    manager's requests would stay on for the tests after this one."""
    yield
    timezone.deactivate()


def _page(user, path: str, language: str = "en") -> str:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    with translation.override(language):
        return client.get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_the_new_table_form_names_the_managers_zone(club, owner, make_table):
    path = f"/clubs/{club.slug}/tables/new/"
    User.objects.filter(pk=owner.pk).update(time_zone="")
    assert "In your time zone (UTC). Empty: now." in _page(owner, path)
    User.objects.filter(pk=owner.pk).update(time_zone="Europe/Sofia")
    assert "In your time zone (Europe/Sofia). Empty: now." in _page(owner, path)
    assert "В вашем часовом поясе (Europe/Sofia)." in _page(owner, path, "ru")
    assert "%(zone)s" not in _page(owner, path, "bg")


def test_the_admin_forms_name_it_too(club, owner, make_table):
    User.objects.filter(pk=owner.pk).update(time_zone="Europe/Sofia", is_staff=True)
    owner.refresh_from_db()
    assert "In your time zone (Europe/Sofia). Empty: now." in _page(owner, "/admin/games/tablesession/add/")
    table = make_table()
    client = Client()
    client.force_login(owner)
    asked = client.post(
        "/admin/games/tablesession/", {"action": "move_selected", "_selected_action": [table.pk], "index": 0}
    ).content.decode()
    assert "In your time zone (Europe/Sofia). The table keeps its length" in asked
