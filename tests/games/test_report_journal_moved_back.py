"""The report page's list of journals to move back offered a journal another report had already moved
back, word for word as one still standing: a manager picked it and learnt only from the refusal. It is
still offered (a stale page's pick gets the service's clear refusal) but says which journal moved it
back, in the manager's language."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Report
from games.services.reports import report_create, report_resolve
from ledger.models import Journal

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _options(html: str) -> dict[str, str]:
    select = re.search(r'<select name="journal".*?</select>', html, re.S)
    assert select, html
    return dict(re.findall(r'<option value="(\d+)"[^>]*>([^<]*)</option>', select.group(0)))


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "already moved back by journal #"), ("ru", "уже сторнирована проводкой №"), ("bg", "вече")],
)
def test_a_journal_moved_back_says_so_in_the_list(make_table, players, owner, language, words) -> None:
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    first = report_create(deal_id=deal.pk, user=players[0], reason="bug")
    journal = Journal.objects.filter(deal=deal).order_by("-id").first()
    report_resolve(report_id=first.pk, actor=owner, note="moved back", outcome="reverse", journal=journal)
    reversal = Journal.objects.get(reversal_of=journal)
    second = report_create(deal_id=deal.pk, user=players[1], reason="cheating")
    assert second.status == Report.Status.OPEN

    owner.preferred_language = language
    owner.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    options = _options(client.get(f"/reports/{second.pk}/").content.decode())
    assert str(journal.pk) in options, options
    assert words in options[str(journal.pk)] and f"{reversal.pk}" in options[str(journal.pk)], options
    standing = [pk for pk in options if pk != str(journal.pk)]  # the reversal itself at least
    assert str(reversal.pk) in standing, options
    assert all(words not in options[pk] for pk in standing), options
