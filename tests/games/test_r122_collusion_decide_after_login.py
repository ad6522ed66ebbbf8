"""Review 122: every form of the site goes back to its page when its address is opened with a GET
(``club.views.post_only``): a form sent after its log-in had ended (a log-out in another tab, a
password changed elsewhere) comes back from the log-in page as a GET of its action. The collusion
list's "Dismiss" and "Report" were the one form left on Django's bare ``require_POST``: the manager
who logged in again landed on a blank "405" page. He is taken back to the list, nothing decided."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Membership
from games.models import CollusionFlag

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.mark.parametrize("decision", ["dismiss", "report"])
def test_a_decision_sent_after_the_login_ended_comes_back_to_the_list(club, owner, players, decision):
    one, two = (Membership.objects.get(club=club, user=u) for u in players[:2])
    flag = CollusionFlag.objects.create(
        club=club, first=one, second=two, score=9.0, signals={"pass": 3}, deals=[], deal_count=4
    )
    action = f"/clubs/{club.slug}/collusion/{flag.pk}/{decision}/"
    client = Client()
    # Sent from a page whose log-in has ended: the log-in page, which comes back to the action.
    to_login = client.post(action)
    assert to_login.status_code == 302 and to_login["Location"].startswith("/accounts/login/")
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    back = client.get(action)
    assert back.status_code == 302, back.status_code
    assert back["Location"] == f"/clubs/{club.slug}/collusion/"
    assert client.get(back["Location"]).status_code == 200
    flag.refresh_from_db()
    assert flag.status == CollusionFlag.Status.OPEN
