"""The moderation log names the two players of a collusion flag a manager decided: it read "12 + 15"
(the ids of their memberships), which no manager can tell apart from any other pair."""

from __future__ import annotations

import pytest

from club.models import AuditLog, Membership
from games.models import CollusionFlag
from games.services.collusion import collusion_decide

pytestmark = pytest.mark.django_db


def test_a_dismissed_flag_is_logged_with_the_players_names(club, players, owner):
    first, second = (Membership.objects.get(club=club, user=u) for u in players[:2])
    flag = CollusionFlag.objects.create(
        club=club, first=first, second=second, score=9.0, signals={"pass": 3}, deals=[], deal_count=4
    )
    collusion_decide(flag_id=flag.pk, actor=owner, decision="dismiss")
    row = AuditLog.objects.get(action="collusion.dismissed")
    assert row.target_label == f"{players[0].name_and_username} + {players[1].name_and_username}"
    assert f"{first.pk} + {second.pk}" != row.target_label
