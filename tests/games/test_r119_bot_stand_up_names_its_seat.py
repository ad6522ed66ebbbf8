"""Review 119: a manager's "Stand the bot up" on the table page sent only its seat's position, unlike
the member's "Stand up…" beside it, which sends the seat as the manager saw it (review 107). With two
managers at a table, or a page a moment old, the press stood up whichever bot sat at that position by
then: the bot Mila he meant was gone, another manager had seated Pyotr there, and Pyotr went. Each bot's
form now carries its seat's id, by the plain form and the socket alike, and one that changed hands is
refused ("seat_changed"); each still has its own id and names its bot."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone, translation

from club.models import AuditLog
from games.models import Seat
from games.protocol import SeatBot, parse_message
from games.services import TableError, table_bot_add, table_bot_remove

from .conftest import sit_all

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_time_zone():
    yield
    timezone.deactivate()


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _bot_forms(page: str) -> dict[str, dict[str, str]]:
    """Each "Stand the bot up" form of the page, by its button's id: its hidden fields and its name."""
    forms = {}
    for form in re.findall(r'<form class="bot-form"[^>]*>.*?</form>', page, re.S):
        fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
        if fields.get("do") != "unbot":
            continue
        button = re.search(r'<button[^>]*id="([^"]+)"[^>]*>(.*?)</button>', form, re.S)
        assert button, form
        fields.pop("csrfmiddlewaretoken", None)
        forms[button.group(1)] = {**fields, "name": re.sub(r"<[^>]+>", "", button.group(2))}
    return forms


def test_each_bots_form_says_its_seat(make_table, players, owner):
    table = make_table(seats=5)
    sit_all(table, players[:2])
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    table_bot_add(session_id=table.pk, actor=owner, position=3, buy_in=200)
    forms = _bot_forms(_client(owner).get(f"/tables/{table.pk}/").content.decode())
    assert set(forms) == {"unbot-3", "unbot-4"}, forms
    for button, position in (("unbot-3", 2), ("unbot-4", 3)):
        bot = Seat.objects.get(session=table, position=position, status=Seat.Status.SITTING)
        assert forms[button]["seat"] == str(bot.pk), forms
        assert forms[button]["name"] == f"Stand the bot up {bot.bot_name}", forms
    assert forms["unbot-3"]["name"] != forms["unbot-4"]["name"]


def test_a_stale_stand_the_bot_up_stands_nobody_up(make_table, players, owner, make_user):
    table = make_table(seats=4)
    sit_all(table, players[:2])
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    manager = _client(owner)
    form = _bot_forms(manager.get(f"/tables/{table.pk}/").content.decode())["unbot-3"]
    # Another manager takes Mila off and seats another bot there before this form is sent.
    assert table_bot_remove(session_id=table.pk, actor=owner, position=2) is True
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    newcomer = Seat.objects.get(session=table, position=2, status=Seat.Status.SITTING)
    assert str(newcomer.pk) != form["seat"]
    fields = {k: v for k, v in form.items() if k != "name"}
    answer = manager.post(f"/tables/{table.pk}/bots/", fields)
    said = [str(m) for m in get_messages(answer.wsgi_request)]
    assert any("has changed hands" in m for m in said), said
    newcomer.refresh_from_db()
    assert newcomer.status == Seat.Status.SITTING and not newcomer.leave_after_deal
    # The socket's message carries the seat too, and the service refuses it the same way.
    message = parse_message(fields)
    assert isinstance(message, SeatBot) and message.seat_id == int(form["seat"])
    with pytest.raises(TableError) as refused:
        table_bot_remove(session_id=table.pk, actor=owner, position=2, seat_id=message.seat_id)
    assert refused.value.code == "seat_changed"
    # The form drawn for the newcomer stands it up.
    form = _bot_forms(manager.get(f"/tables/{table.pk}/").content.decode())["unbot-3"]
    manager.post(f"/tables/{table.pk}/bots/", {k: v for k, v in form.items() if k != "name"})
    newcomer.refresh_from_db()
    assert newcomer.status == Seat.Status.LEFT


def _said(response) -> list[tuple[str, str]]:
    return [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]


def test_stand_the_bot_up_clicked_twice_between_deals_is_news(make_table, players, owner):
    """The first click stood it up at once; the second read "There is no bot at seat 3." in red."""
    table = make_table(seats=4)
    sit_all(table, players[:2])
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    manager = _client(owner)
    form = _bot_forms(manager.get(f"/tables/{table.pk}/").content.decode())["unbot-3"]
    fields = {k: v for k, v in form.items() if k != "name"}
    manager.post(f"/tables/{table.pk}/bots/", fields)
    assert not Seat.objects.filter(session=table, position=2).exclude(status=Seat.Status.LEFT).exists()
    said = _said(manager.post(f"/tables/{table.pk}/bots/", fields))
    assert said == [("info", "The bot at seat 3 has already left the table.")], said
    with pytest.raises(TableError) as again:
        table_bot_remove(session_id=table.pk, actor=owner, position=2, seat_id=int(form["seat"]))
    assert again.value.done
    with translation.override("ru"):
        assert again.value.message != "The bot at seat 3 has already left the table."
    # Without the seat (an old client), it is as before.
    with pytest.raises(TableError) as unknown:
        table_bot_remove(session_id=table.pk, actor=owner, position=2)
    assert unknown.value.code == "no_bot_at" and not unknown.value.done


def test_stand_up_sent_twice_between_deals_is_news(make_table, players, owner):
    table = make_table(seats=4)
    sit_all(table, players[:2])
    vera = Seat.objects.get(session=table, member__user=players[0])
    fields = {"do": "standup", "position": "1", "seat": str(vera.pk), "reason": "asleep"}
    manager = _client(owner)
    manager.post(f"/tables/{table.pk}/standup/", fields)
    vera.refresh_from_db()
    assert vera.status == Seat.Status.LEFT
    said = _said(manager.post(f"/tables/{table.pk}/standup/", fields))
    assert said == [("info", "The player at seat 1 has already left the table.")], said
    assert AuditLog.objects.filter(action="table.stood_up_by_manager").count() == 1
