"""Review 68: a manager saved the admin's "Add table session" form, pressed the browser's Back and
saved again: a SECOND identical table was opened (the page is never kept, so Back fetches it anew
with a new token, and the token's "same form again is the same table" no longer held). The club's
own "Open a table" page did the same. A table of the same club with the same title and start that
the same manager opened a few minutes ago is now asked about beside a tick box ("Open another table
like it"), and nothing is opened until he ticks it."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.models import TableSession
from games.services.schedule import session_cancel

from .conftest import TABLE_FORM

pytestmark = pytest.mark.django_db

ADD = "/admin/games/tablesession/add/"
_EVENING = (timezone.localtime() + timedelta(days=20)).replace(hour=20, minute=0, second=0, microsecond=0)
FORM = {**TABLE_FORM, "overrides": "", "starts_at": _EVENING.strftime("%Y-%m-%dT%H:%M")}


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _token(client: Client, url: str) -> str:
    page = client.get(url)
    assert page.status_code == 200
    found = re.search(r'name="token" value="([0-9a-f]{32})"', page.content.decode())
    assert found, "the form carries no token"
    return found.group(1)


def _send(client: Client, url: str, **values):
    """The page fetched (as Back fetches it: never kept), filled in as before and sent."""
    return client.post(url, {**FORM, "token": _token(client, url), **values})


def test_back_and_save_again_in_the_admin_asks_before_a_second_table(club, owner):
    client = _client(owner)
    first = _send(client, ADD, club=club.pk)
    assert first.status_code == 302, first.content.decode()[:3000]
    again = _send(client, ADD, club=club.pk)
    assert again.status_code == 200
    assert TableSession.objects.filter(club=club).count() == 1
    form = again.context["adminform"].form
    assert "open_twin" in form.errors, form.errors
    said = form.errors["open_twin"][0]
    first = TableSession.objects.get(club=club)
    assert f'<a href="/tables/{first.pk}/">See the table you opened</a>' in again.content.decode()
    assert "the same title and start" in said, said
    page = again.content.decode()
    assert 'type="checkbox" name="open_twin"' in page
    # He means it: ticked, the second table opens.
    meant = client.post(ADD, {**FORM, "token": _token(client, ADD), "club": club.pk, "open_twin": "on"})
    assert meant.status_code == 302
    assert TableSession.objects.filter(club=club, title="Friday").count() == 2


def test_a_table_opened_now_and_sent_again_asks_too(club, owner):
    client = _client(owner)
    assert _send(client, ADD, club=club.pk, starts_at="").status_code == 302
    again = _send(client, ADD, club=club.pk, starts_at="")
    assert again.status_code == 200 and "open_twin" in again.context["adminform"].form.errors
    assert TableSession.objects.filter(club=club).count() == 1


def test_the_same_form_sent_twice_is_still_the_first_table_not_a_question(club, owner):
    client = _client(owner)
    form = {**FORM, "token": _token(client, ADD), "club": club.pk}
    first = client.post(ADD, form)
    second = client.post(ADD, form)
    assert first.status_code == second.status_code == 302
    assert TableSession.objects.filter(club=club).count() == 1


def test_another_title_start_manager_or_a_cancelled_twin_opens_at_once(club, owner, make_user):
    client = _client(owner)
    assert _send(client, ADD, club=club.pk).status_code == 302
    assert _send(client, ADD, club=club.pk, title="Saturday").status_code == 302
    later = (_EVENING + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    assert _send(client, ADD, club=club.pk, starts_at=later).status_code == 302
    colleague = make_user("colleague68")
    club_services.membership_join(club=club, user=colleague)
    Membership.objects.filter(club=club, user=colleague).update(role=Membership.Role.MANAGER)
    assert _send(_client(colleague), ADD, club=club.pk).status_code == 302
    assert TableSession.objects.filter(club=club).count() == 4
    # His own Friday, called off, is no reason to ask.
    mine = TableSession.objects.filter(club=club, title="Friday", created_by=owner).order_by("pk").first()
    session_cancel(session_id=mine.pk, actor=owner)
    assert _send(client, ADD, club=club.pk).status_code == 302
    assert TableSession.objects.filter(club=club).count() == 5


def test_a_twin_opened_long_ago_is_not_asked_about(club, owner):
    client = _client(owner)
    assert _send(client, ADD, club=club.pk).status_code == 302
    TableSession.objects.filter(club=club).update(created_at=timezone.now() - timedelta(hours=1))
    assert _send(client, ADD, club=club.pk).status_code == 302
    assert TableSession.objects.filter(club=club).count() == 2


def test_the_clubs_own_page_asks_as_well(club, owner):
    client = _client(owner)
    url = f"/clubs/{club.slug}/tables/new/"
    assert _send(client, url).status_code == 302
    again = _send(client, url)
    assert again.status_code == 422
    page = again.content.decode()
    assert "the same title and start" in page and 'type="checkbox" name="open_twin"' in page
    assert TableSession.objects.filter(club=club).count() == 1
    first = TableSession.objects.get(club=club)
    assert f'<a href="/tables/{first.pk}/">See the table you opened</a>' in page
    meant = client.post(url, {**FORM, "token": _token(client, url), "open_twin": "on"})
    assert meant.status_code == 302
    assert TableSession.objects.filter(club=club).count() == 2


@pytest.mark.django_db(transaction=True)
def test_two_tabs_sending_it_at_once_open_one_table(club, owner):
    import threading
    import uuid

    from django.db import connection

    from games.services import table_session_create
    from games.services.errors import TableError

    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    barrier = threading.Barrier(2)
    refused: list[str] = []
    errors: list[BaseException] = []

    def send() -> None:
        try:
            barrier.wait()
            table_session_create(
                club=club,
                actor=owner,
                title="Raced",
                preset="classic",
                stake=5,
                seat_count=4,
                buy_in_min=100,
                buy_in_max=500,
                starts_at=_EVENING,
                create_key=uuid.uuid4().hex,  # each tab its own token
                twin_ok=False,
            )
        except TableError as exc:
            refused.append(exc.code)
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and refused == ["table_twin"]
    assert TableSession.objects.filter(club=club).count() == 1
