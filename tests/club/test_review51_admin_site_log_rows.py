"""Review 51: the moderation log's rows of no club (an operator's edits of people, groups and login
lock-outs, written since review 7) are listed to the site's operators in the admin, and opened there
too: each such row answered its own link with 403. A club's manager still neither lists nor opens
them."""

from __future__ import annotations

import pytest

from club.models import AuditLog
from club.services import audit_log_write

from .conftest import client_for

pytestmark = pytest.mark.django_db


def test_an_operator_opens_the_site_rows_his_moderation_log_lists(root, club, owner, member):
    audit_log_write(
        action="user.changed", actor=root, club=None, target_user=member, target=member.username, data={}
    )
    row = AuditLog.objects.get(club=None, action="user.changed")
    link = f"/admin/club/auditlog/{row.pk}/change/"
    operator = client_for(root)
    assert link in operator.get("/admin/club/auditlog/").content.decode()
    page = operator.get(link)
    assert page.status_code == 200
    assert member.username in page.content.decode()
    assert operator.get(f"/admin/club/auditlog/{row.pk}/history/").status_code == 200
    # The club's owner: not in his list, not by its address.
    manager = client_for(owner)
    assert link not in manager.get("/admin/club/auditlog/").content.decode()
    assert manager.get(link).status_code in (302, 403, 404)
