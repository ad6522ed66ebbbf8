"""What one table update costs: the spectators' picture goes out only when a spectator may be
connected, so the players' sockets do not each receive it only to drop it."""

from __future__ import annotations

import pytest

from club import services as club_services
from club.models import Membership
from games.broadcast import table_messages, watch_group
from games.services import table_sit
from games.services.presence import presence_join, presence_leave
from ledger.services import chips_grant

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def _groups(session_id: int) -> list[str]:
    return [group for group, _message in table_messages(session_id)]


def test_the_spectators_picture_goes_out_only_while_a_spectator_is_connected(
    make_table, players, make_user, club
):
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    for user in players:
        presence_join(session_id=table.pk, user=user)
    groups = _groups(table.pk)
    assert len(groups) == 4 and watch_group(table.pk) not in groups  # one picture per player only

    watcher = make_user("watcher-update")
    club_services.membership_join(club=club, user=watcher)
    presence_join(session_id=table.pk, user=watcher)
    messages = dict(table_messages(table.pk))
    assert messages[watch_group(table.pk)]["view"]["hand"] is None  # a spectator sees no cards

    presence_leave(session_id=table.pk, user=watcher)
    assert watch_group(table.pk) not in _groups(table.pk)


def test_a_seated_player_left_out_of_the_deal_still_gets_the_spectators_picture(
    make_table, players, make_user, club, owner
):
    table = make_table(seats=5)
    sit_all(table, players)
    start_deal(table)
    for user in players:
        presence_join(session_id=table.pk, user=user)
    latecomer = make_user("latecomer-update")
    club_services.membership_join(club=club, user=latecomer)
    chips_grant(
        membership=Membership.objects.get(club=club, user=latecomer), amount=1000, actor=owner, reason="start"
    )
    table_sit(session_id=table.pk, user=latecomer, position=4, buy_in=200)
    presence_join(session_id=table.pk, user=latecomer)
    assert watch_group(table.pk) in _groups(table.pk)


def test_a_table_without_a_deal_sends_its_picture_only_to_someone_connected(make_table, players):
    table = make_table()
    assert _groups(table.pk) == []
    presence_join(session_id=table.pk, user=players[0])
    assert _groups(table.pk) == [watch_group(table.pk)]


def test_a_card_face_is_drawn_as_the_card_template_draws_it():
    from django.template.loader import render_to_string

    from games.presenter import card

    for code in ("AS", "10H", "7D", "QC"):
        face = card(code)
        assert face["html"] == render_to_string("games/_card.html", {"c": face})


def test_the_log_of_one_update_is_rendered_once_per_language_for_all_its_readers(
    make_table, players, monkeypatch
):
    from django.utils import timezone, translation

    from games import presenter

    table = make_table()
    sit_all(table, players)
    start_deal(table)
    for user in players:
        presence_join(session_id=table.pk, user=user)
    calls: list[str | None] = []
    real = presenter.log_lines

    def counted(public, words):
        calls.append(translation.get_language())
        return real(public, words)

    monkeypatch.setattr(presenter, "log_lines", counted)
    logs = {}
    for language in ("en", "en", "ru", "ru"):
        for _group, message in table_messages(table.pk):
            with translation.override(language):
                context = presenter.table_context(
                    view=message["view"], public=message["public"], user_id=None, now=timezone.now()
                )
            logs.setdefault(language, set()).add(str(context["log_html"]))
    assert calls == ["en", "ru"]  # eight readers, two languages
    assert all(len(rendered) == 1 for rendered in logs.values()) and logs["en"] != logs["ru"]


def test_each_update_renders_only_the_log_lines_of_its_new_events_and_shows_the_whole_log(
    make_table, players, monkeypatch
):
    from django.utils import timezone, translation
    from django.utils.html import format_html_join

    from games import presenter
    from games.models import Deal

    from .conftest import play_deal_as_people

    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    for user in players:
        presence_join(session_id=table.pk, user=user)
    real = presenter.log_lines
    rendered: list[int] = []

    def counted(public, words):
        rendered.append(len(public["deal"]["log"]))
        return real(public, words)

    monkeypatch.setattr(presenter, "log_lines", counted)
    pictures = []

    def check() -> None:
        message = table_messages(table.pk)[0][1]
        with translation.override("en"):
            context = presenter.table_context(
                view=message["view"], public=message["public"], user_id=None, now=timezone.now()
            )
            words = presenter.status_words(message["public"]["session"]["preset"])
            lines = real(message["public"], words)
            # Cards in a line are named for screen readers (review 33).
            whole = format_html_join("", "<li>{}</li>", ((presenter._cards_named(line),) for line in lines))
        assert str(context["log_html"]) == str(whole)
        pictures.append(message)

    check()
    play_deal_as_people(Deal.objects.get(pk=deal.pk), players, after_each=check)
    events = len(pictures[-1]["public"]["deal"]["log"])
    assert sum(rendered) == events  # each event's line rendered once over the whole deal
    older = pictures[len(pictures) // 2]
    with translation.override("en"):  # an older picture after newer ones: its own lines, no more
        context = presenter.table_context(
            view=older["view"], public=older["public"], user_id=None, now=timezone.now()
        )
        words = presenter.status_words(older["public"]["session"]["preset"])
        assert str(context["log_html"]) == str(
            format_html_join(
                "", "<li>{}</li>", ((presenter._cards_named(line),) for line in real(older["public"], words))
            )
        )
