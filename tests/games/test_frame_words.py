"""The live frame keeps its words by language (``games.live_frame``): each reader must still get his
own language, whatever language the process rendered before."""

from __future__ import annotations

from django.utils import timezone, translation

from games import presenter
from games.broadcast import table_messages
from games.live_frame import live_frame_html
from games.services.presence import presence_join

from .conftest import sit_all, start_deal

WORDS = {
    "en": ('aria-label="Your cards"', "<dt>Trump</dt>", "<dt>Bank</dt>"),
    "ru": ('aria-label="Ваши карты"', "<dt>Козырь</dt>", "<dt>Банк</dt>"),
    "bg": ('aria-label="Вашите карти"', "<dt>Коз</dt>", "<dt>Банка</dt>"),
}


def test_each_reader_gets_his_own_language_from_the_cached_words(make_table, players):
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    for user in players:
        presence_join(session_id=table.pk, user=user)
    seated = [m for _group, m in table_messages(table.pk) if m.get("seat") is not None]
    assert seated
    message = seated[0]
    frames: dict[str, list[str]] = {}
    now = timezone.now()  # one instant, so the turn clock reads the same in every frame
    for language in ("en", "ru", "bg", "ru", "en", "bg"):  # each language after another one
        with translation.override(language):
            context = presenter.table_context(
                view=message["view"], public=message["public"], user_id=None, now=now
            )
            frames.setdefault(language, []).append(live_frame_html(context))
    for language, rendered in frames.items():
        assert rendered[0] == rendered[1]
        for word in WORDS[language]:
            assert word in rendered[0], (language, word)
        for other, words in WORDS.items():
            if other != language:
                assert words[1] not in rendered[0], (language, other)
