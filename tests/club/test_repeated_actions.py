"""A manager's action repeated (a double click, a second tab, two managers at once) or made on a page
that has gone stale gets a clear sentence and changes nothing: never a server error.

The fault behind the 500s: ``_, target = ...`` in the services made ``_`` a local name, so the very
sentence that refuses the action raised instead. ``test_no_module_shadows_gettext`` keeps the pattern
out of every app.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from club import services
from club.errors import ServiceError
from club.models import AuditLog, Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

Status = Membership.Status
ROOT = Path(__file__).resolve().parents[2]


def messages_of(response) -> list[str]:
    return [str(x) for x in get_messages(response.wsgi_request)]


# --- services -----------------------------------------------------------------------------------------


def test_approve_twice_is_refused_with_a_sentence(approval_club, owner, stranger):
    services.membership_join(club=approval_club, user=stranger)
    services.membership_approve(membership=m(approval_club, stranger), actor=owner)
    with pytest.raises(ServiceError) as exc:
        services.membership_approve(membership=m(approval_club, stranger), actor=owner)
    assert exc.value.code == "stale"
    assert "already a member" in exc.value.message
    assert AuditLog.objects.filter(action="membership.approved").count() == 1


def test_refuse_when_no_longer_pending_is_refused_with_a_sentence(approval_club, owner, stranger):
    services.membership_join(club=approval_club, user=stranger)
    services.membership_approve(membership=m(approval_club, stranger), actor=owner)
    with pytest.raises(ServiceError) as exc:
        services.membership_refuse(membership=m(approval_club, stranger), actor=owner)
    assert exc.value.code == "stale"
    assert m(approval_club, stranger).status == Status.ACTIVE


def test_refuse_a_withdrawn_request(approval_club, owner, stranger):
    services.membership_join(club=approval_club, user=stranger)
    services.membership_leave(club=approval_club, user=stranger)
    with pytest.raises(ServiceError) as exc:
        services.membership_refuse(membership=m(approval_club, stranger), actor=owner)
    assert "no longer waiting" in exc.value.message


def test_ban_twice_and_unban_twice_are_refused_with_a_sentence(club, owner, member):
    services.membership_ban(membership=m(club, member), actor=owner, reason="cheating")
    with pytest.raises(ServiceError) as exc:
        services.membership_ban(membership=m(club, member), actor=owner)
    assert exc.value.code == "stale" and "already banned" in exc.value.message
    services.membership_unban(membership=m(club, member), actor=owner)
    with pytest.raises(ServiceError) as exc:
        services.membership_unban(membership=m(club, member), actor=owner)
    assert exc.value.code == "stale" and "not banned" in exc.value.message
    assert AuditLog.objects.filter(action="membership.banned").count() == 1
    assert AuditLog.objects.filter(action="membership.unbanned").count() == 1


def test_promote_twice_is_refused(club, owner, member):
    services.membership_set_role(membership=m(club, member), actor=owner, role="manager")
    with pytest.raises(ServiceError) as exc:
        services.membership_set_role(membership=m(club, member), actor=owner, role="manager")
    assert exc.value.code == "stale"


def test_withdraw_an_invite_twice_is_refused(club, owner):
    invite = services.invite_create(club=club, actor=owner)
    services.invite_revoke(invite=invite, actor=owner)
    with pytest.raises(ServiceError) as exc:
        services.invite_revoke(invite=invite, actor=owner)
    assert exc.value.code == "stale"
    assert AuditLog.objects.filter(action="invite.revoked").count() == 1


def test_action_on_a_membership_that_is_gone(club, owner, member):
    target = m(club, member)
    Membership.objects.filter(pk=target.pk).delete()
    with pytest.raises(ServiceError) as exc:
        services.membership_ban(membership=target, actor=owner)
    assert exc.value.code == "stale"


# --- pages ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_double_click_on_every_manager_button_answers_with_a_message(
    approval_club, owner, stranger, make_user, htmx
):
    """Each button posted twice: the second answer is a page (or the htmx partial) with a sentence."""
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    client = client_for(owner)
    services.membership_join(club=approval_club, user=stranger)
    other = make_user("other")
    services.membership_join(club=approval_club, user=other)
    slug = approval_club.slug

    def twice(name: str, target, data=None) -> str:
        url = reverse(name, args=[slug, target.pk])
        first = client.post(url, data or {}, **headers)
        assert first.status_code in (200, 302)
        second = client.post(url, data or {}, **headers)
        assert second.status_code in (200, 302)
        texts = messages_of(second)
        if htmx:
            assert second.status_code == 200
            texts.append(second.content.decode())
        return " ".join(texts)

    assert "already a member" in twice("membership_approve", m(approval_club, stranger))
    # Review 63: the request refused by his own first click is said so (as news).
    assert "already been refused" in twice("membership_refuse", m(approval_club, other))
    assert "already banned" in twice("membership_ban", m(approval_club, stranger), {"reason": "x"})
    assert "not banned" in twice("membership_unban", m(approval_club, stranger))
    services.membership_join(club=approval_club, user=other)
    services.membership_approve(membership=m(approval_club, other), actor=owner)
    assert "already has that role" in twice("membership_role", m(approval_club, other), {"role": "manager"})


def test_withdraw_an_invite_twice_through_the_page(club, owner):
    invite = services.invite_create(club=club, actor=owner)
    client = client_for(owner)
    url = reverse("invite_revoke", args=[club.slug, invite.pk])
    client.post(url)
    response = client.post(url)
    assert response.status_code == 302
    assert "already been withdrawn" in " ".join(messages_of(response))


def test_leave_twice_through_the_page(club, member):
    client = client_for(member)
    url = reverse("club_leave", args=[club.slug])
    client.post(url, {"confirm": "1"})
    response = client.post(url, {"confirm": "1"})
    assert response.status_code == 302
    # Review 63: his own first copy made him leave: said so (as news), not "not a member".
    assert "already left" in " ".join(messages_of(response))


# --- admin actions -------------------------------------------------------------------------------------


@pytest.mark.parametrize("action, first, sentence", [
    ("ban_selected", "ban", "already banned"),
    ("unban_selected", "unban", "not banned"),
])
def test_admin_bulk_actions_repeated_answer_with_a_message(club, owner, member, action, first, sentence):
    services.membership_ban(membership=m(club, member), actor=owner)
    if first == "unban":
        services.membership_unban(membership=m(club, member), actor=owner)
    response = client_for(owner).post(
        reverse("admin:club_membership_changelist"),
        {"action": action, "_selected_action": [m(club, member).pk]},
    )
    assert response.status_code == 302
    texts = messages_of(response)
    assert any(sentence in t for t in texts), texts
    assert any("@petar" in t for t in texts), texts


def test_admin_bulk_unban_of_a_mixed_selection(club, owner, member, manager):
    services.membership_ban(membership=m(club, member), actor=owner)
    response = client_for(owner).post(
        reverse("admin:club_membership_changelist"),
        {"action": "unban_selected", "_selected_action": [m(club, member).pk, m(club, manager).pk]},
    )
    texts = messages_of(response)
    assert any("1 ban lifted." in t for t in texts), texts
    # Lifted, the ban leaves him out of the club until he joins again: said, or the manager looks
    # for him among the members.
    assert any("may join the club again" in t for t in texts), texts
    assert any("not banned" in t for t in texts), texts
    assert m(club, member).status == Status.LEFT


# --- the pattern ---------------------------------------------------------------------------------------


def _shadowing(tree: ast.AST) -> list[int]:
    """Lines where a module that imports a gettext function as ``_`` binds ``_`` again."""
    imports_gettext = any(
        isinstance(node, ast.ImportFrom)
        and (node.module or "").startswith("django.utils.translation")
        and any(alias.asname == "_" for alias in node.names)
        for node in ast.walk(tree)
    )
    if not imports_gettext:
        return []
    lines = []
    for node in ast.walk(tree):
        binds_name = isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)
        binds_arg = isinstance(node, ast.arg) and node.arg == "_"
        if binds_name or binds_arg:
            lines.append(node.lineno)
    return lines


def test_no_module_shadows_gettext():
    found = {}
    for app in ("club", "ledger", "games"):
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            lines = _shadowing(ast.parse(path.read_text(encoding="utf-8")))
            if lines:
                found[str(path.relative_to(ROOT))] = lines
    assert not found, f"`_` is gettext in these modules but is bound again: {found}"


def test_the_shadowing_check_finds_the_old_fault():
    old = "from django.utils.translation import gettext as _\ndef f():\n    _, t = 1, 2\n    return _('x')\n"
    assert _shadowing(ast.parse(old)) == [3]
