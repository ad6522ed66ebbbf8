"""Review 59: a manager who dismissed a collusion flag and then pressed 'Report' on it (a second tab,
a stale list), or the other way round, read 'You have already dismissed this flag.' as news (info),
not as the refusal it is: what he asked (a report to the managers) was not made. As a chip request's
other answer and a grant refused after its approval, only the same decision again is done."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club.models import AuditLog, Membership
from games.models import CollusionFlag, Report

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _said(response) -> list[tuple[str, str]]:
    return [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]


@pytest.mark.parametrize(
    ("first", "then", "words"),
    [
        ("dismiss", "report", "You have already dismissed this flag."),
        ("report", "dismiss", "You have already reported this flag."),
    ],
)
def test_the_other_decision_after_his_own_is_a_refusal(club, owner, players, make_table, first, then, words):
    table = make_table()
    sit_all(table, players)
    played = play_deal_as_people(start_deal(table), players)
    one, two = (Membership.objects.get(club=club, user=u) for u in players[:2])
    flag = CollusionFlag.objects.create(
        club=club, first=one, second=two, score=9.0, signals={"pass": 3}, deals=[played.pk], deal_count=4
    )
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    assert client.post(f"/clubs/{club.slug}/collusion/{flag.pk}/{first}/").status_code == 302
    said = _said(client.post(f"/clubs/{club.slug}/collusion/{flag.pk}/{then}/"))
    assert said[-1] == ("error", words), said
    assert AuditLog.objects.filter(action__startswith="collusion.").count() == 1
    assert Report.objects.filter(deal=played).count() == (1 if first == "report" else 0)
