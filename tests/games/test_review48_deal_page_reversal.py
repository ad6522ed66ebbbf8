"""A deal's page lists its journals: one moved back after a report showed "#45 Reversal" beside
"#37 Deal settlement" and nothing said the one undid the other. It now reads "Reversal of journal #37"."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.models import Report
from games.services import table_leave
from games.services.reports import report_create, report_resolve
from ledger.models import Journal
from ledger.selectors import deal_journal_lines

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db(transaction=True)
BACKEND = "django.contrib.auth.backends.ModelBackend"


def test_the_deal_page_names_what_a_reversal_moves_back(club, owner, players, make_table) -> None:
    table = make_table("classic")
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    for user in players:
        table_leave(session_id=table.pk, user=user)
    settle = Journal.objects.filter(deal=deal, kind=Journal.Kind.SETTLE).order_by("-id").first()
    assert settle is not None
    report = report_create(deal_id=deal.pk, user=players[0], reason="bug")
    report_resolve(
        report_id=report.pk, actor=owner, outcome=Report.Outcome.REVERSE, note="back", journal=settle
    )
    reversal = Journal.objects.get(reversal_of=settle)
    lines = {j.pk: j for j in deal_journal_lines(deal=deal)}
    assert lines[reversal.pk].kind_label == f"Reversal of journal #{settle.pk}"
    assert lines[settle.pk].kind_label == str(Journal.Kind.SETTLE.label)
    with translation.override("ru"):
        assert deal_journal_lines(deal=deal)[-1].kind_label == f"Сторно проводки №{settle.pk}"
    client = Client()
    client.force_login(owner, backend=BACKEND)
    page = client.get(reverse("deal_page", args=[deal.pk])).content.decode()
    assert f"Reversal of journal #{settle.pk}" in page
