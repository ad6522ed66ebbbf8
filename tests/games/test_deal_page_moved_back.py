"""A manager moved a deal's chips back after a report: the deal's page still showed the settlement as
played ("Ivan +40") with nothing but a line deep in its journals to say the 40 went back. The page
says, at the top, that chips of the deal were moved back afterwards, in the reader's language, and
where to read what went back; a deal left as played says nothing of it."""

from __future__ import annotations

import pytest
from django.test import Client

from games.services.reports import report_create, report_resolve
from ledger.models import Journal

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _page(user, deal, language: str = "en") -> str:
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client.get(f"/deals/{deal.pk}/").content.decode()


def test_a_deal_whose_chips_were_moved_back_says_so(make_table, players, owner) -> None:
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    assert 'id="moved-back-notice"' not in _page(players[0], deal)
    report = report_create(deal_id=deal.pk, user=players[0], reason="bug")
    journal = Journal.objects.filter(deal=deal).order_by("-id").first()
    report_resolve(report_id=report.pk, actor=owner, note="moved back", outcome="reverse", journal=journal)
    page = _page(players[1], deal)
    assert 'id="moved-back-notice"' in page
    assert "moved chips of this deal back afterwards" in page and 'href="#ledger"' in page
    assert "Менеджеры клуба позже вернули фишки этой сдачи" in _page(players[1], deal, "ru")
