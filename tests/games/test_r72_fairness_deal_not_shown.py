"""Review 72: the Fairness page opened for a deal its reader may not check (a running deal, a deal
of a club he is not in, a number there is not) showed an empty box and said nothing: a player
following a friend's "check this deal" link could not tell why nothing was checked. It now says
there is no finished deal of his clubs by that number, the same words whichever the case (a
stranger learns nothing of another club's deals)."""

from __future__ import annotations

from django.test import Client
from django.utils import translation

from .conftest import play_deal_as_people, sit_all, start_deal

WORDS = {
    "en": "There is no finished deal by that number among your clubs' deals",
    "ru": "Среди сдач ваших клубов нет законченной сдачи с таким номером",
    "bg": "Сред раздаванията на вашите клубове няма завършено раздаване с такъв номер",
}


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_a_deal_the_reader_cannot_check_is_said_so(make_table, players, make_user):
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    running = start_deal(table)
    stranger = make_user("r72stranger")
    member = _client(players[0])
    for language, words in WORDS.items():
        with translation.override(language):
            page = member.get(f"/fairness/?deal={running.pk}", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert words in page.replace("&#x27;", "'"), language
    done = play_deal_as_people(running, players)
    page = member.get(f"/fairness/?deal={done.pk}").content.decode()
    assert WORDS["en"] not in page.replace("&#x27;", "'")
    for url in (f"/fairness/?deal={done.pk}", "/fairness/?deal=999999999"):
        assert WORDS["en"] in _client(stranger).get(url).content.decode().replace("&#x27;", "'"), url
    assert WORDS["en"] not in _client(stranger).get("/fairness/").content.decode().replace("&#x27;", "'")


def test_a_reader_logged_out_is_told_to_log_in(make_table, players):
    page = Client().get("/fairness/?deal=1").content.decode().replace("&#x27;", "'")
    assert "Log in to open one of your clubs' deals here" in page
