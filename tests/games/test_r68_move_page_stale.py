"""Review 68: two managers move one table. Olga opened the admin's "Move the start" page (it said the
table starts at 20:00); meanwhile Misha moved it to the next day; Olga, meaning "an hour later", typed
21:00 and pressed Move: the table went to 21:00 of the first day and Misha's move was undone without
a word to either. The page now carries the start it showed: when the table has moved since, nothing is
changed and the page says, beside the field, where the table starts now; sent again from there, it
moves. The same move sent twice is still said done."""

from __future__ import annotations

import re
import threading
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.models import TableSession

LIST = "/admin/games/tablesession/"
_HIDDEN = re.compile(r'<input type="hidden" name="(?!csrfmiddlewaretoken)([^"]+)" value="([^"]*)"')


def _minute(hours: float):
    return (timezone.now() + timedelta(hours=hours)).replace(second=0, microsecond=0)


def _local(value) -> str:
    return timezone.localtime(value).strftime("%Y-%m-%dT%H:%M")


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.fixture
def colleague(club, make_user):
    user = make_user("misha68", display_name="Misha")
    club_services.membership_join(club=club, user=user)
    Membership.objects.filter(club=club, user=user).update(role=Membership.Role.MANAGER)
    return user


def _hidden(html: str) -> dict[str, str]:
    return dict(_HIDDEN.findall(html))


def _page(client: Client, table: TableSession) -> dict[str, str]:
    """The move page as a manager opens it: its hidden fields, as his browser sends them back."""
    page = client.post(LIST, {"action": "move_selected", "_selected_action": [table.pk], "index": 0})
    assert page.status_code == 200
    html = page.content.decode()
    return _hidden(html)


def _move(client: Client, table: TableSession, hidden: dict[str, str], starts_at) -> object:
    return client.post(
        LIST,
        {
            **hidden,
            "action": "move_selected",
            "_selected_action": [table.pk],
            "apply": "Move",
            "starts_at": _local(starts_at),
        },
    )


@pytest.mark.django_db
def test_a_move_from_a_page_shown_before_another_managers_move_changes_nothing(make_table, owner, colleague):
    # Each time read once: read again after a minute turned, 21:44 became 21:45 (a failed run).
    start, later, soon = _minute(5), _minute(29), _minute(6)
    table = make_table(starts_at=start)
    olga, misha = _client(owner), _client(colleague)
    olgas_page = _page(olga, table)
    assert _move(misha, table, _page(misha, table), later).status_code == 302
    stale = _move(olga, table, olgas_page, soon)
    assert stale.status_code == 200, [str(m) for m in get_messages(stale.wsgi_request)]
    html = stale.content.decode()
    assert 'class="errorlist"' in html and "moved this table" in html, html[-3000:]
    assert TableSession.objects.get(pk=table.pk).starts_at == later
    # The page now shows the table's start as it is: sent from there, the move is made.
    again = _move(olga, table, _page(olga, table), soon)
    assert again.status_code == 302
    assert TableSession.objects.get(pk=table.pk).starts_at == soon


@pytest.mark.django_db
def test_the_refused_page_itself_sent_again_moves(make_table, owner, colleague):
    start, later, soon = _minute(5), _minute(29), _minute(6)
    table = make_table(starts_at=start)
    olga = _client(owner)
    olgas_page = _page(olga, table)
    _move(_client(colleague), table, _page(_client(colleague), table), later)
    stale = _move(olga, table, olgas_page, soon)
    html = stale.content.decode()
    hidden = _hidden(html)
    assert _move(olga, table, hidden, soon).status_code == 302
    assert TableSession.objects.get(pk=table.pk).starts_at == soon


@pytest.mark.django_db
def test_the_same_move_sent_twice_is_said_done(make_table, owner):
    table = make_table(starts_at=_minute(5))
    olga = _client(owner)
    hidden = _page(olga, table)
    target = _minute(7)
    assert _move(olga, table, hidden, target).status_code == 302
    twice = _move(olga, table, hidden, target)
    assert twice.status_code == 302
    said = [(m.level_tag, str(m)) for m in get_messages(twice.wsgi_request)]
    assert said[-1][0] == "info" and "already starts" in said[-1][1], said


@pytest.mark.django_db(transaction=True)
def test_two_managers_moving_from_the_same_page_at_once_move_it_once(make_table, owner, colleague):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    table = make_table(starts_at=_minute(5))
    pages = {owner.pk: _page(_client(owner), table), colleague.pk: _page(_client(colleague), table)}
    wanted = {owner.pk: _minute(6), colleague.pk: _minute(29)}
    barrier = threading.Barrier(2)
    answers: dict[int, int] = {}
    errors: list[BaseException] = []

    def send(user) -> None:
        try:
            client = _client(user)
            barrier.wait()
            answers[user.pk] = _move(client, table, pages[user.pk], wanted[user.pk]).status_code
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(user,)) for user in (owner, colleague)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(answers.values()) == [200, 302], answers  # one moved it, the other was told
    moved_by = next(pk for pk, status in answers.items() if status == 302)
    assert TableSession.objects.get(pk=table.pk).starts_at == wanted[moved_by]
