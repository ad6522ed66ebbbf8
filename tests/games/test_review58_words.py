"""Review 58: the Russian and Bulgarian of this session's new sentences, read where a person meets them.

A collusion flag is a "сигнал сговора" / "сигнал за сговор" on the collusion page and in the club's
log; the new refusals about a flag decided twice called it an "отметка" in Russian (a word the site
uses nowhere else for it) and, in Bulgarian, said the manager "submitted the signal as a report"."""

from __future__ import annotations

import pytest
from django.test import Client

from club import services as club_services
from club.models import Membership
from games.models import CollusionFlag

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _client(user, lang: str) -> Client:
    user.preferred_language = lang
    user.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.fixture
def flag(make_table, club, players) -> CollusionFlag:
    table = make_table()
    sit_all(table, players)
    played = play_deal_as_people(start_deal(table), players)
    first, second = (Membership.objects.get(club=club, user=u) for u in players[:2])
    return CollusionFlag.objects.create(
        club=club, first=first, second=second, score=9.0, signals={"pass": 3}, deals=[played.pk], deal_count=4
    )


@pytest.mark.parametrize(
    ("lang", "decision", "words"),
    [
        ("ru", "dismiss", "Вы уже отклонили этот сигнал."),
        ("ru", "report", "Вы уже подали жалобу по этому сигналу."),
        ("bg", "dismiss", "Вече отхвърлихте този сигнал."),
        ("bg", "report", "Вече подадохте жалба по този сигнал."),
    ],
)
def test_a_flag_decided_twice_is_called_a_signal(flag, owner, club, lang, decision, words):
    client = _client(owner, lang)
    url = f"/clubs/{club.slug}/collusion/{flag.pk}/{decision}/"
    client.post(url)
    text = client.post(url, follow=True).content.decode()
    assert words in text
    assert "отметк" not in text


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ru", "Другой менеджер уже принял решение по этому сигналу."),
        ("bg", "Друг мениджър вече е взел решение по този сигнал."),
    ],
)
def test_a_flag_another_manager_decided(flag, owner, players, club, lang, words):
    colleague = Membership.objects.get(club=club, user=players[3])
    club_services.membership_set_role(membership=colleague, actor=owner, role=Membership.Role.MANAGER)
    _client(owner, "en").post(f"/clubs/{club.slug}/collusion/{flag.pk}/dismiss/")
    text = _client(players[3], lang).post(f"/clubs/{club.slug}/collusion/{flag.pk}/dismiss/", follow=True)
    assert words in text.content.decode()


@pytest.mark.parametrize("lang", ["en", "ru", "bg"])
def test_a_suspension_sent_again_ends_with_one_full_stop(owner, players, club, lang):
    """English gives the time as "5:05 a.m.", and the sentence added its own full stop: "a.m.."."""
    from datetime import timedelta

    from django.utils import timezone, translation

    from club.errors import ServiceError

    target = Membership.objects.get(club=club, user=players[1])
    until = timezone.localtime().replace(hour=5, minute=5, second=0, microsecond=0) + timedelta(days=3)
    club_services.membership_suspend(membership=target, actor=owner, reason="rude", until=until)
    with translation.override(lang), pytest.raises(ServiceError) as again:
        club_services.membership_suspend(membership=target, actor=owner, reason="rude", until=until)
    said = str(again.value.message)
    assert said.endswith(".") and not said.endswith(".."), said


def test_the_fairness_page_says_the_first_dealer_in_the_pages_words():
    """The page takes numbers ("берёт числа") from the stream; the new paragraph "pulled" the dealer
    "out of the seed" ("вытягивается из зерна")."""
    text = Client(HTTP_ACCEPT_LANGUAGE="ru").get("/fairness/").content.decode()
    assert "Первый сдающий за столом тоже определяется зерном первой сдачи" in text
    assert "первый сдающий за столом не тот, на кого указывает зерно" in text
    assert "вытяг" not in text


@pytest.mark.parametrize(
    ("lang", "action", "said"),
    [
        ("ru", "Пропустить эту неделю", "игра на этой неделе отменена; следующая игра за этим столом — "),
        ("bg", "Пропусни тази седмица", "играта тази седмица е отменена; следващата игра на тази маса е на "),
    ],
)
def test_the_week_skipped_in_the_admin(make_table, owner, lang, action, said):
    """Bulgarian admin actions are commands ("Отмени избраните маси"); the new one was a noun. "This
    week is cancelled" read as if the week itself were called off."""
    from datetime import timedelta

    from django.contrib.messages import get_messages
    from django.utils import timezone

    owner.is_staff = True
    owner.save(update_fields=["is_staff"])
    table = make_table(starts_at=timezone.now() + timedelta(hours=2), repeat_weekly=True)
    client = _client(owner, lang)
    assert action in client.get("/admin/games/tablesession/").content.decode()
    response = client.post(
        "/admin/games/tablesession/",
        {"action": "skip_week_selected", "_selected_action": [table.pk], "index": 0},
    )
    told = [str(m) for m in get_messages(response.wsgi_request)]
    assert any(said in m for m in told), told


@pytest.mark.parametrize(("lang", "dealt"), [("ru", "сдача"), ("bg", "раздаването")])
def test_a_late_string_is_not_a_deal_dealt(lang, dealt):
    from django.utils import translation

    from games.services.errors import TableError

    with translation.override(lang):
        said = TableError("late_contribution").message
    assert dealt in said and "сдана" not in said and "раздадено" not in said, said


def test_the_fairness_page_in_bulgarian_gives_cards_not_a_trick():
    """In Bulgarian "ръка" is what the game's pages call a trick ("Четири аса вземат всички ръце")."""
    text = Client(HTTP_ACCEPT_LANGUAGE="bg").get("/fairness/").content.decode()
    assert "кой какви карти да получи" in text
    assert "каква ръка" not in text
