"""Review 55: a manager's answer to a report, or his decision on a collusion flag, sent twice (a
double click, a browser retry, a second tab) was refused in red with "Another manager has already
answered this report.": he went looking for a colleague who did not exist (and for a flag, the
sentence spoke of a report). His own answer again is told as done, in the reader's language, and
not as an error; nothing is written twice. Another manager's answer is still said to be another's."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club import services as club_services
from club.models import AuditLog, Membership
from games.models import CollusionFlag, Report
from games.services.collusion import collusion_decide
from games.services.errors import TableError
from games.services.reports import report_create, report_resolve

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _said(response) -> list[tuple[str, str]]:
    return [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def played(make_table, players):
    table = make_table()
    sit_all(table, players)
    return play_deal_as_people(start_deal(table), players)


@pytest.fixture
def report(played, players) -> Report:
    return report_create(deal_id=played.pk, user=players[0], reason="cheating", comment="odd plays")


def test_a_report_answered_twice_by_the_same_manager_is_said_done(report, owner):
    report_resolve(report_id=report.pk, actor=owner, note="fair", outcome="nothing")
    with pytest.raises(TableError) as refused:
        report_resolve(report_id=report.pk, actor=owner, note="fair", outcome="nothing")
    assert refused.value.code == "report_answered" and refused.value.done  # the code stays as it was


def test_the_report_page_sent_twice_says_it_is_done(report, owner):
    client = _client(owner)
    form = {"note": "We looked: all fair.", "outcome": "nothing"}
    first = client.post(f"/reports/{report.pk}/", form)
    assert first.status_code == 302
    again = client.post(f"/reports/{report.pk}/", form)
    assert again.status_code == 302, again.content.decode()[:2000]
    said = _said(again)
    assert ("info", "You have already answered this report.") in said, said
    assert not [text for tag, text in said if tag == "error"]
    assert AuditLog.objects.filter(action="report.resolved").count() == 1


def test_in_russian(report, owner):
    owner.preferred_language = "ru"
    owner.save(update_fields=["preferred_language"])
    client = _client(owner)
    form = {"note": "Всё честно.", "outcome": "nothing"}
    client.post(f"/reports/{report.pk}/", form)
    again = client.post(f"/reports/{report.pk}/", form, follow=True)
    text = again.content.decode()
    assert "Вы уже ответили на эту жалобу." in text
    assert "Другой менеджер" not in text


def test_another_managers_answer_is_still_his(report, owner, players, club):
    colleague = Membership.objects.get(club=club, user=players[3])
    club_services.membership_set_role(membership=colleague, actor=owner, role=Membership.Role.MANAGER)
    report_resolve(report_id=report.pk, actor=owner, note="fair", outcome="nothing")
    with pytest.raises(TableError) as refused:
        report_resolve(report_id=report.pk, actor=players[3], note="also fair", outcome="nothing")
    assert refused.value.code == "report_answered"
    assert not refused.value.done
    page = _client(players[3]).post(f"/reports/{report.pk}/", {"note": "also fair", "outcome": "nothing"})
    assert page.status_code == 422
    assert "Another manager has already answered this report." in page.content.decode()


@pytest.fixture
def flag(club, players) -> CollusionFlag:
    first, second = (Membership.objects.get(club=club, user=u) for u in players[:2])
    return CollusionFlag.objects.create(
        club=club, first=first, second=second, score=9.0, signals={"pass": 3}, deals=[], deal_count=4
    )


@pytest.mark.parametrize(
    ("decision", "words"),
    [
        ("dismiss", "You have already dismissed this flag."),
        ("report", "You have already reported this flag."),
    ],
)
def test_a_flag_decided_twice_by_the_same_manager_is_said_done(flag, owner, club, played, decision, words):
    flag.deals = [played.pk]
    flag.save(update_fields=["deals"])
    client = _client(owner)
    url = f"/clubs/{club.slug}/collusion/{flag.pk}/{decision}/"
    assert client.post(url).status_code == 302
    again = client.post(url)
    said = _said(again)
    assert ("info", words) in said, said
    assert not [text for tag, text in said if tag == "error"]
    assert AuditLog.objects.filter(action__startswith="collusion.").count() == 1
    assert Report.objects.filter(deal=played).count() == (1 if decision == "report" else 0)


def test_a_flag_another_manager_decided_is_not_called_a_report(flag, owner, players, club):
    colleague = Membership.objects.get(club=club, user=players[3])
    club_services.membership_set_role(membership=colleague, actor=owner, role=Membership.Role.MANAGER)
    collusion_decide(flag_id=flag.pk, actor=owner, decision="dismiss")
    said = _said(_client(players[3]).post(f"/clubs/{club.slug}/collusion/{flag.pk}/dismiss/"))
    assert ("error", "Another manager has already decided on this flag.") in said, said
    with pytest.raises(TableError) as refused:
        collusion_decide(flag_id=flag.pk, actor=players[3], decision="report")
    assert refused.value.code == "report_answered"  # the code stays as it was


def test_a_ban_of_a_member_banned_meanwhile_keeps_the_report_form(report, owner, players, club):
    # Not the report's answer sent again: the member was banned meanwhile. The report stays open and
    # the form says why, as before; it is not sent back to the list as if answered.
    from club.services import membership_ban

    target = Membership.objects.get(club=club, user=players[2])
    membership_ban(membership=target, actor=owner, reason="elsewhere")
    page = _client(owner).post(
        f"/reports/{report.pk}/", {"note": "banned", "outcome": "ban", "member": str(target.pk)}
    )
    assert page.status_code == 422
    assert "already banned" in page.content.decode()
    report.refresh_from_db()
    assert report.status == Report.Status.OPEN
