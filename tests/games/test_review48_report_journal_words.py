"""The report page's "Journal to move back" picker labelled each journal with its stored memo: a
deal's booking trail in machine English ("payout 20 bank→stack:3; release 40 hold:3→stack:3") for a
Russian or Bulgarian manager, and a reversal by the manager's note alone. It now reads as the
statement and the admin do: the trail in the reader's words, a reversal naming what it moved back."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.models import Report
from games.services import table_leave
from games.services.reports import report_create, report_resolve
from games.views_reports import _resolve_form
from ledger.models import Journal

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_journal_picker_reads_in_words(club, owner, players, make_table) -> None:
    table = make_table("classic")
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    for user in players:
        table_leave(session_id=table.pk, user=user)
    settle = Journal.objects.filter(deal=deal, kind=Journal.Kind.SETTLE).order_by("-id").first()
    assert settle is not None and "→" in settle.memo
    first = report_create(deal_id=deal.pk, user=players[0], reason="bug")
    report_resolve(
        report_id=first.pk, actor=owner, outcome=Report.Outcome.REVERSE, note="back", journal=settle
    )
    reversal = Journal.objects.get(reversal_of=settle)
    second = report_create(deal_id=deal.pk, user=players[1], reason="bug")
    with translation.override("ru"):
        field = _resolve_form(second).fields["journal"]
        labels = {j.pk: field.label_from_instance(j) for j in field.queryset}
    assert set(labels) >= {settle.pk, reversal.pk}
    for label in labels.values():
        assert not any(code in label for code in ("payout ", "release ", "ante ", "stack:", "hold:")), label
    assert labels[settle.pk].startswith(f"#{settle.pk} Расчёт")
    assert f"Сторно проводки №{settle.pk}: back" in labels[reversal.pk]
