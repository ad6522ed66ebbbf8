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
        ("bg", "Друг мениджър вече е решил за този сигнал."),
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
