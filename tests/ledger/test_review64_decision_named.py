"""Review 64: the admin's answer to approving or refusing waiting grants named each one by its row id
("#1: approved", "#1: The decision is a second manager's…"), an id the list of adjustments does not
show: a manager who ticked three could not tell which was refused. Each is now named as the list
shows it: the kind, the amount, the member."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from ledger.models import Adjustment
from ledger.services.adjustments import chips_adjust

pytestmark = pytest.mark.django_db
BACKEND = "django.contrib.auth.backends.ModelBackend"


def _client(user) -> Client:
    user.preferred_language = "ru"
    user.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(user, backend=BACKEND)
    return client


def _decide(user, adjustment: Adjustment, action: str) -> list[tuple[str, str]]:
    response = _client(user).post(
        "/admin/ledger/adjustment/",
        {"action": action, "_selected_action": [adjustment.pk], "index": 0, "note": "нет"},
    )
    assert response.status_code == 302
    return [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]


def test_a_decision_names_the_grant_not_its_id(club, owner, member_factory) -> None:
    club.four_eyes_above = 100
    club.save(update_fields=["four_eyes_above"])
    member = member_factory()
    member.user.display_name = "Вера"
    member.user.save(update_fields=["display_name"])
    second = member_factory(role="manager")
    adjusted = chips_adjust(
        member=member, kind="grant", amount=6000, actor=owner, reason="турнир", idempotency_key="r64:a"
    )
    adjustment = Adjustment.objects.get(pk=adjusted.adjustment.pk)
    assert adjustment.status == Adjustment.Status.PENDING

    # His own grant: refused in red, and the grant still waits.
    said = _decide(owner, adjustment, "approve_selected")
    assert len(said) == 1 and said[0][0] == "error", said
    assert f"#{adjustment.pk}" not in said[0][1]
    assert "Вера" in said[0][1] and "6000" in said[0][1], said
    adjustment.refresh_from_db()
    assert adjustment.status == Adjustment.Status.PENDING

    said = _decide(second.user, adjustment, "approve_selected")
    assert len(said) == 1 and said[0][0] == "info", said
    assert f"#{adjustment.pk}" not in said[0][1]
    assert "Вера" in said[0][1] and "6000" in said[0][1] and "одобрено" in said[0][1], said
