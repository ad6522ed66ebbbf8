"""Review 55: an admin action sent again (the changelist's form re-sent, a second tab) after the
first copy had done it listed each row in red as a failure: "This table is already over or
cancelled." for a table it had just cancelled, "... is already banned." for members it had just
banned. What was asked is so: said as news (info). A finished table, which cannot be cancelled, is
still refused in red."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club.models import Membership
from games.models import TableSession

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _admin(user) -> Client:
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _said(response) -> list[tuple[str, str]]:
    return [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]


def test_cancel_sent_again_is_said_done(make_table, owner):
    table = make_table()
    client = _admin(owner)
    form = {"action": "cancel_selected", "_selected_action": [table.pk]}
    client.post("/admin/games/tablesession/", form)
    said = _said(client.post("/admin/games/tablesession/", form))
    assert said[-1][0] == "info" and "already over or cancelled" in said[-1][1], said
    assert TableSession.objects.get(pk=table.pk).status == TableSession.Status.CANCELLED


def test_a_played_table_is_still_refused_in_red(make_table, owner, players):
    table = make_table()
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    said = _said(
        _admin(owner).post(
            "/admin/games/tablesession/", {"action": "cancel_selected", "_selected_action": [table.pk]}
        )
    )
    assert said[-1][0] == "error", said


def test_ban_sent_again_is_said_done(club, owner, players):
    target = Membership.objects.get(club=club, user=players[1])
    client = _admin(owner)
    form = {"action": "ban_selected", "_selected_action": [target.pk], "reason": "cheating"}
    client.post("/admin/club/membership/", form)
    said = _said(client.post("/admin/club/membership/", form))
    assert said[-1][0] == "info" and "already banned" in said[-1][1], said


def test_a_grant_approved_again_in_the_admin_is_said_done(club, owner, players, make_user):
    from ledger.models import Journal
    from ledger.services import chips_adjust

    second = make_user("secondmanager")
    Membership.objects.create(club=club, user=second, role=Membership.Role.MANAGER)
    member = Membership.objects.get(club=club, user=players[2])
    waiting = chips_adjust(
        member=member, kind="grant", amount=9_000, actor=owner, reason="prize", idempotency_key="big"
    ).adjustment
    client = _admin(second)
    form = {"action": "approve_selected", "_selected_action": [waiting.pk]}
    client.post("/admin/ledger/adjustment/", form)
    said = _said(client.post("/admin/ledger/adjustment/", form))
    # Named as the list shows the grant (review 64), not by its row id.
    assert said[-1] == (
        "info", f"Grant 9000 · {member.user.name_and_username}: You have already approved this."
    ), said
    assert Journal.objects.filter(idempotency_key=f"adjustment:{waiting.pk}").count() == 1
