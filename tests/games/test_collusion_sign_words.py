"""The collusion page names the signs that raised a flag in the reader's language, and so does the
report a manager files from it: a Russian manager read "pass 3.1, duck 0.5, flow 1.2, feed 0.0" (the
scan's own codes) in the column and inside the Russian sentence of the report."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from club.models import Membership
from games.models import CollusionFlag, Report
from games.services.collusion import collusion_decide

from .conftest import sit_all, start_deal
from .test_moderation import _finish_with_clock

pytestmark = pytest.mark.django_db(transaction=True)

SIGNALS = {"pass": 3.1, "duck": 0.5, "flow": 1.2, "feed": 0.0}


def _flag(club, players) -> CollusionFlag:
    first, second = (Membership.objects.get(club=club, user=u) for u in players[:2])
    return CollusionFlag.objects.create(
        club=club, first=first, second=second, score=4.8, signals=SIGNALS, deals=[], deal_count=14
    )


def test_the_page_names_the_signs_in_the_readers_language(club, players, owner):
    _flag(club, players)
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/clubs/{club.slug}/collusion/").content.decode()
    cells = re.findall(r'<td class="small">([^<]*\d[^<]*)</td>', page)
    assert cells, page
    for code in SIGNALS:
        assert not re.search(rf"\b{code}\b", cells[0]), cells[0]
    assert "3.1" in cells[0] or "3,1" in cells[0]


def test_the_report_filed_from_a_flag_names_the_signs_in_the_managers_language(
    make_table, club, players, owner
):
    table = make_table()
    sit_all(table, players)
    deal = _finish_with_clock(start_deal(table))
    flag = _flag(club, players)
    flag.deals = [deal.pk]
    flag.save(update_fields=["deals"])
    owner.preferred_language = "bg"
    owner.save(update_fields=["preferred_language"])
    with translation.override("bg"):
        collusion_decide(flag_id=flag.pk, actor=owner, decision="report")
    comment = Report.objects.get(deal=deal).comment
    for code in SIGNALS:
        assert not re.search(rf"\b{code}\b", comment), comment
