"""Review 59: 'Skip this week' sent again (the admin's form re-sent, a second tab, a second manager)
after the first copy had skipped the week answered in red, 'This table is already over or
cancelled.', where review 55 says what is already so as news: the week is off and the series goes
on. A week called off with its series (a cancel) is still refused in red."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from games.models import TableSession
from games.services import TableError
from games.services.schedule import session_cancel, session_skip_week

pytestmark = pytest.mark.django_db


def _weekly(make_table):
    starts = (timezone.now() + timedelta(hours=2)).replace(second=0, microsecond=0)
    return make_table(starts_at=starts, ends_at=starts + timedelta(hours=3), repeat_weekly=True)


def test_a_week_skipped_again_is_said_done(make_table, owner) -> None:
    table = _weekly(make_table)
    session_skip_week(session_id=table.pk, actor=owner)
    with pytest.raises(TableError) as again:
        session_skip_week(session_id=table.pk, actor=owner)
    assert again.value.code == "cancel_closed" and again.value.done
    owner.is_staff = True
    owner.save(update_fields=["is_staff"])
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(
        "/admin/games/tablesession/",
        {"action": "skip_week_selected", "_selected_action": [table.pk], "index": 0},
    )
    told = [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]
    assert [tag for tag, _text in told] == ["info"], told
    assert TableSession.objects.filter(series_id=table.pk).exclude(pk=table.pk).count() == 1


def test_a_cancelled_series_is_not_said_skipped(make_table, owner) -> None:
    table = _weekly(make_table)
    session_cancel(session_id=table.pk, actor=owner)
    with pytest.raises(TableError) as refused:
        session_skip_week(session_id=table.pk, actor=owner)
    assert refused.value.code == "cancel_closed" and not refused.value.done
