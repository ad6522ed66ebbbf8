"""Display names are not unique: wherever a manager picks or acts on a member (the club page, the
club admin's lists, filters and audit log) the username stands beside the name, and the audit log
reads as sentences (translated action labels, labelled details), never as codes and raw JSON."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from club import services
from club.models import AuditLog

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_veras(club, owner, make_user):
    from club.models import Membership

    real = make_user("vera", display_name="Vera")
    impostor = make_user("vera_k", display_name="Vera")
    services.membership_join(club=club, user=real)
    # Joining under a name that reads like a member's is refused now; two such names still meet in
    # clubs of before that rule, and the pages must tell them apart.
    Membership.objects.create(club=club, user=impostor, role=Membership.Role.MEMBER)
    services.membership_ban(membership=m(club, impostor), actor=owner, reason="pretends to be Vera")
    return real, impostor


def test_club_page_names_each_vera_with_her_username(club, owner, two_veras):
    page = client_for(owner).get(club.get_absolute_url()).content.decode()
    members = page.split('id="member-list"')[1].split("</ul>")[0]
    assert "@vera<" in members and "@vera_k" not in members
    banned = page.split(">Banned<")[1].split("</ul>")[0]
    assert "@vera_k" in banned
    audit = page.split('id="audit"')[1]
    assert "Vera (@vera_k)" in audit and "Olga (@olga)" in audit
    assert "pretends to be Vera" in audit


def test_admin_membership_list_and_member_filter_show_usernames(club, owner, two_veras):
    client = client_for(owner)
    page = client.get(reverse("admin:club_membership_changelist")).content.decode()
    assert "Vera (@vera)" in page and "Vera (@vera_k)" in page
    # The member filter offers both, told apart.
    assert re.search(r'href="\?member=\d+"[^>]*>Vera \(@vera\)<', page)
    assert re.search(r'href="\?member=\d+"[^>]*>Vera \(@vera_k\)<', page)
    real, _impostor = two_veras
    filtered = client.get(reverse("admin:club_membership_changelist") + f"?member={real.pk}")
    assert filtered.status_code == 200 and filtered.context["cl"].result_count == 1


def test_admin_audit_log_reads_as_sentences(club, owner, two_veras):
    client = client_for(owner)
    page = client.get(reverse("admin:club_auditlog_changelist")).content.decode()
    assert "Banned from the club" in page
    assert "pretends to be Vera" in page and "Reason" in page
    assert "{&quot;reason&quot;" not in page and '{"reason"' not in page
    assert ">membership.banned<" not in page  # the action filter shows labels too
    assert "Vera (@vera_k)" in page
    row = AuditLog.objects.get(action="membership.banned")
    detail = client.get(reverse("admin:club_auditlog_change", args=[row.pk])).content.decode()
    assert "pretends to be Vera" in detail and "&quot;reason&quot;" not in detail
    assert "Active" in detail  # the status before the ban, as its label


def test_audit_details_are_translated(club, owner, two_veras):
    row = AuditLog.objects.get(action="membership.banned")
    with translation.override("ru"):
        labels = dict(row.details())
        assert row.action_label == "Блокировка в клубе"
    assert "pretends to be Vera" in labels.values()


def test_audit_details_of_every_kind_are_readable(club, owner, member, stranger):
    services.membership_set_role(membership=m(club, member), actor=owner, role="manager")
    services.invite_create(club=club, actor=owner, days_valid=3, max_uses=2)
    rows = {row.action: row for row in AuditLog.objects.filter(club=club)}
    assert dict(rows["membership.promoted"].details()) == {"Before": "Member", "After": "Manager"}
    assert dict(rows["invite.created"].details()) == {"Valid for (days)": "3", "Number of uses": "2"}
    assert dict(rows["membership.joined"].details()) == {"How": "joined an open club"}
    assert dict(rows["club.created"].details())["Join policy"].startswith("Open")
